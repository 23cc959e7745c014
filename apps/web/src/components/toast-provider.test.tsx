import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useToast, type ToastApi } from './toast-context';

let toast: ToastApi;

function CaptureToast({ onReady }: { onReady: (api: ToastApi) => void }) {
  const api = useToast();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

function renderToasts() {
  render(
    <AppProviders>
      <CaptureToast
        onReady={(api) => {
          toast = api;
        }}
      />
    </AppProviders>,
  );
}

describe('Toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast and hides it after 5000 ms by default', () => {
    renderToasts();
    act(() => {
      toast.success('Playlist created successfully');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Playlist created successfully');

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Playlist created successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Playlist created successfully')).not.toBeInTheDocument();
  });

  it('keeps at most three toasts, dropping the oldest', () => {
    renderToasts();
    act(() => {
      toast.info('one');
      toast.info('two');
      toast.info('three');
      toast.error('four');
    });
    expect(screen.queryByText('one')).not.toBeInTheDocument();
    expect(screen.getByText('two')).toBeInTheDocument();
    expect(screen.getByText('three')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('four');
  });

  it('honours a custom duration and closes from its close button', () => {
    renderToasts();
    act(() => {
      toast.show('Message sent', { autoHideDuration: 6000, position: 'top-right' });
    });
    act(() => vi.advanceTimersByTime(5500));
    expect(screen.getByText('Message sent')).toBeInTheDocument();

    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });
});
