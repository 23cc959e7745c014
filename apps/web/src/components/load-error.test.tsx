import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';
import { CardGridSkeleton, TrackListSkeleton } from './skeletons';

describe('LoadError', () => {
  it('says what failed and retries', async () => {
    const retry = vi.fn();
    render(<LoadError message="Couldn't load this album." onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load this album.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('Skeletons', () => {
  it('stand for a loading track list and card grid', () => {
    render(
      <>
        <TrackListSkeleton rows={3} />
        <CardGridSkeleton count={4} label="Loading albums" />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading songs' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading albums' })).toBeInTheDocument();
  });
});
