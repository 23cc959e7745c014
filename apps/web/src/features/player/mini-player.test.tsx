import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, mockSmallScreen, renderApp, stubMediaElement } from '@/test/render-app';
import { MINI_PLAYER_HEIGHT } from './components/mini-player';

const songs = ['1', '2', '3'].map((id) => makeSong(id));

beforeEach(() => {
  stubMediaElement();
  mockSmallScreen();
  logIn();
  seed.songs(...songs);
});
afterEach(() => {
  usePlayer.getState().reset();
  vi.unstubAllGlobals();
});

describe('the mini-player on a phone', { timeout: 20_000 }, () => {
  it('is one row with the song, like and play/pause instead of the full bar', async () => {
    const { user } = renderApp('/search');
    await screen.findByRole('navigation', { name: 'Tabs' });
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Song 1')).toBeInTheDocument();
    expect(within(player).getByText('Artist 1')).toBeInTheDocument();
    expect(within(player).getByRole('button', { name: 'Add to Liked Songs' })).toBeInTheDocument();
    expect(within(player).queryByRole('button', { name: 'Shuffle' })).not.toBeInTheDocument();
    expect(within(player).queryByRole('slider', { name: 'Seek' })).not.toBeInTheDocument();

    const card = within(player).getByRole('link').parentElement!;
    expect(getComputedStyle(card).height).toBe(`${MINI_PLAYER_HEIGHT}px`);
    expect(MINI_PLAYER_HEIGHT).toBeLessThanOrEqual(60);

    await user.click(within(player).getByRole('button', { name: 'Pause' }));
    expect(usePlayer.getState().isPlaying).toBe(false);
    expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('opens /player, where every control and the queue are', async () => {
    const { user, router } = renderApp('/search');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const player = screen.getByRole('region', { name: 'Player' });
    await user.click(within(player).getByRole('link', { name: 'Open player: Song 1 by Artist 1' }));
    expect(router.state.location.pathname).toBe('/player');
    expect(await screen.findByRole('heading', { name: 'Song 1', level: 1 })).toBeInTheDocument();
    for (const name of ['Shuffle', 'Previous', 'Next', 'Repeat', 'Mute']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
    const queue = screen.getByRole('list', { name: 'Queue' });
    expect(within(queue).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(queue).getByRole('button', { name: 'Remove Song 3 from the queue' }));
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['1', '2']);
    expect(
      within(queue).queryByRole('button', { name: 'Remove Song 1 from the queue' }),
    ).not.toBeInTheDocument();
  });
});
