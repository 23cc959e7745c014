import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useToast, type ToastApi } from './toast-context';
import { toastStacks } from './toast-provider';

// The toasts' UI loads with the first toast in the app; here it is ready at once.
await toastStacks.preload();

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

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Playlist created successfully')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
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
    act(() => {
      vi.advanceTimersByTime(5500);
    });
    expect(screen.getByText('Message sent')).toBeInTheDocument();

    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });

  it('replaces a toast that has the same key instead of stacking it, and restarts its timer', () => {
    renderToasts();
    act(() => {
      toast.error('Please fix the form.', { key: 'form-invalid' });
      toast.info('Saved');
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => {
      toast.error('Please fix the form.', { key: 'form-invalid' });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the form.');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps toasts without a key, or with different keys, side by side', () => {
    renderToasts();
    act(() => {
      toast.info('same');
      toast.info('same');
    });
    expect(screen.getAllByText('same')).toHaveLength(2);
    act(() => {
      toast.info('keyed', { key: 'a' });
      toast.info('keyed', { key: 'b' });
    });
    expect(screen.getAllByText('keyed')).toHaveLength(2);
  });

  it('closes a toast by the id that showing it returned', () => {
    renderToasts();
    let id = 0;
    act(() => {
      id = toast.error('Please fix the form.', { autoHideDuration: null });
      toast.success('Sent');
    });
    act(() => toast.close(id));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Please fix the form.')).not.toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
    // Closing it again is harmless.
    act(() => toast.close(id));
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('closes the toast shown with a key, leaving the others', () => {
    renderToasts();
    act(() => {
      toast.error('Please fix the form.', { key: 'form-invalid', autoHideDuration: null });
      toast.success('Sent');
    });
    act(() => toast.closeByKey('form-invalid'));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Please fix the form.')).not.toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
    // Nothing on screen with that key any more: harmless.
    act(() => toast.closeByKey('form-invalid'));
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('offers an action beside the message: clicking it runs it and closes the toast', () => {
    renderToasts();
    const reload = vi.fn();
    act(() => {
      toast.info('Update available', {
        autoHideDuration: null,
        action: { label: 'Reload', onClick: reload },
      });
    });
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Update available');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Update available')).toBeInTheDocument();
    act(() => {
      screen.getByRole('button', { name: 'Reload' }).click();
    });
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });
});
