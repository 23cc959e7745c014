import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, mockSmallScreen, renderApp, stubMediaElement } from '@/test/render-app';
import { LONG_PRESS_MS } from '@/components/context-menu/use-context-menu';
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

    const card = within(player).getByRole('button', { name: /^Open player/ }).parentElement!;
    expect(getComputedStyle(card).height).toBe(`${MINI_PLAYER_HEIGHT}px`);
    expect(MINI_PLAYER_HEIGHT).toBeLessThanOrEqual(60);

    await user.click(within(player).getByRole('button', { name: 'Pause' }));
    expect(usePlayer.getState().isPlaying).toBe(false);
    expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('opens the now-playing sheet, where every control is', async () => {
    const { user, router } = renderApp('/search');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const player = screen.getByRole('region', { name: 'Player' });
    await user.click(
      within(player).getByRole('button', { name: 'Open player: Song 1 by Artist 1' }),
    );
    expect(router.state.location.pathname).toBe('/search');
    const sheet = await screen.findByRole('dialog', { name: 'Song 1' });
    for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat', 'Open queue']) {
      expect(within(sheet).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(sheet).getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    expect(within(sheet).getByLabelText('Elapsed time')).toBeInTheDocument();
    expect(within(sheet).getByLabelText('Total time')).toBeInTheDocument();
  });

  it("opens the song's menu on a long-press, and the press opens nothing else", async () => {
    renderApp('/search');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const open = within(screen.getByRole('region', { name: 'Player' })).getByRole('button', {
      name: 'Open player: Song 1 by Artist 1',
    });
    vi.useFakeTimers();
    try {
      const point = { clientX: 60, clientY: 800, identifier: 1, target: open };
      fireEvent.touchStart(open, { touches: [point], changedTouches: [point] });
      act(() => {
        vi.advanceTimersByTime(LONG_PRESS_MS);
      });
      fireEvent.touchEnd(open, { touches: [], changedTouches: [point] });
    } finally {
      vi.useRealTimers();
    }
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Play next' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Go to album' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
