import type { PlayQueue } from '@cadenza/contract/play-queue';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { useQueueOffer } from '@/lib/player/queue-offer';
import { makeSong } from '@/test/mock-api/factories';
import { logIn, stubMediaElement } from '@/test/render-app';
import { ContinueOffer } from './continue-offer';

const songs = ['1', '2'].map((id) => makeSong(id));
const offer: PlayQueue = {
  songs,
  currentSongId: '2',
  currentIndex: 1,
  positionMs: 30_000,
  changedAt: '2026-11-29T08:00:00.000Z',
  changedBy: 'Firefox on Android',
};

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => {
  usePlayer.getState().reset();
  useQueueOffer.getState().setOffer(null);
});

describe('Continue from another device', () => {
  it('says where the queue was left and continues it paused at its position', async () => {
    const user = userEvent.setup();
    render(<ContinueOffer />);
    expect(screen.queryByText(/Continue from/)).not.toBeInTheDocument();
    act(() => useQueueOffer.getState().setOffer(offer));
    expect(screen.getByRole('status')).toHaveTextContent('Continue from Firefox on Android');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(usePlayer.getState().current?._id).toBe('2');
    expect(usePlayer.getState().position).toBe(30);
    expect(usePlayer.getState().isPlaying).toBe(false);
    expect(useQueueOffer.getState().offer).toBeNull();
  });

  it('keeps this browser’s queue on Dismiss', async () => {
    const user = userEvent.setup();
    usePlayer.getState().playFrom(songs[0]!, songs);
    render(<ContinueOffer />);
    act(() => useQueueOffer.getState().setOffer(offer));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(useQueueOffer.getState().offer).toBeNull();
    expect(usePlayer.getState().current?._id).toBe('1');
  });
});
