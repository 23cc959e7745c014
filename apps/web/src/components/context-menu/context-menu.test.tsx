import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlbumCard } from '@/components/album-card';
import { PlaylistCard } from '@/components/playlist-card';
import { SongCard } from '@/components/song-card';
import { TrackList } from '@/components/track-list/track-list';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { songMenuActions } from '@/components/song-actions/song-menu-actions';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makePlaylist, makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, renderWithProviders, stubMediaElement } from '@/test/render-app';
import { LONG_PRESS_MS } from './use-context-menu';

const song = makeSong('blue', { title: 'Blue Hour', albumId: 'dawn' });

/** A song card with the app's song menu, as the pages build it. */
function CardWithMenu() {
  const { actions, dialogs } = useSongActionsWithDialogs();
  return (
    <>
      <SongCard
        song={song}
        onPlay={() => undefined}
        menuActions={songMenuActions(song, actions, () => undefined)}
      />
      {dialogs}
    </>
  );
}

const labels = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/** The "…" menu's entries, then closed again. */
async function moreOptionsLabels(title: string): Promise<(string | null)[]> {
  fireEvent.click(screen.getByRole('button', { name: `More options for ${title}` }));
  const menu = await screen.findByRole('menu');
  const entries = labels(menu);
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return entries;
}

/** The paper of the open menu: where MUI placed it. */
function menuPaper(menu: HTMLElement): HTMLElement {
  const paper = menu.closest<HTMLElement>('.MuiPaper-root');
  if (!paper) throw new Error('The menu has no paper');
  return paper;
}

function touch(
  target: Element,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  x: number,
  y: number,
) {
  const point = { clientX: x, clientY: y, identifier: 1, target };
  const touches = type === 'touchEnd' ? [] : [point];
  return fireEvent[type](target, { touches, changedTouches: [point] });
}

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => {
  vi.useRealTimers();
  usePlayer.getState().reset();
});

describe('a context menu on right-click', () => {
  it('opens at the pointer with the "…" menu\'s actions, instead of the browser\'s menu', async () => {
    renderWithProviders(<CardWithMenu />);
    const card = screen.getByRole('article', { name: 'Blue Hour' });
    const fromButton = await moreOptionsLabels('Blue Hour');
    expect(fromButton).toEqual([
      'Play next',
      'Add to queue',
      'Start radio',
      'Add to Library',
      'Add to Playlist',
      'Download',
      'Share',
      'Go to album',
      'Go to artist',
    ]);

    const shown = fireEvent.contextMenu(within(card).getByText('Blue Hour'), {
      clientX: 240,
      clientY: 180,
    });
    expect(shown).toBe(false); // the browser's own menu is prevented
    const menu = await screen.findByRole('menu');
    expect(labels(menu)).toEqual(fromButton);
    expect(menuPaper(menu).style.top).toBe('180px');
    expect(menuPaper(menu).style.left).toBe('240px');
    // Keyboard: focus is in the menu, Escape closes it.
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('runs the chosen action', async () => {
    renderWithProviders(<CardWithMenu />);
    fireEvent.contextMenu(screen.getByRole('article', { name: 'Blue Hour' }), {
      clientX: 20,
      clientY: 20,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add to Playlist' }));
    expect(await screen.findByRole('dialog', { name: 'Add to Playlist' })).toBeInTheDocument();
  });

  it("leaves the browser's menu to Shift+right-click", () => {
    renderWithProviders(<CardWithMenu />);
    const card = screen.getByRole('article', { name: 'Blue Hour' });
    expect(fireEvent.contextMenu(card, { clientX: 20, clientY: 20, shiftKey: true })).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it("opens at the item when the keyboard's menu key asks (no pointer)", async () => {
    renderWithProviders(<CardWithMenu />);
    const card = screen.getByRole('article', { name: 'Blue Hour' });
    fireEvent.contextMenu(card, { clientX: 0, clientY: 0 });
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('gives a track list\'s row the same menu as its "…" button', async () => {
    const songs = [song, makeSong('red', { title: 'Red Sky' })];
    function List() {
      const { actions, dialogs } = useSongActionsWithDialogs();
      return (
        <>
          <TrackList songs={songs} label="Songs" actions={actions} />
          {dialogs}
        </>
      );
    }
    renderWithProviders(<List />);
    const fromButton = await moreOptionsLabels('Red Sky');
    const row = screen.getByRole('row', { name: 'Red Sky' });
    fireEvent.contextMenu(row, { clientX: 300, clientY: 90 });
    const menu = await screen.findByRole('menu');
    expect(labels(menu)).toEqual(fromButton);
    expect(fromButton).toContain('Go to artist');
  });

  it('gives an album card a menu: play it, like it, share it, go to it, go to its artist', async () => {
    const dawn = makeAlbum('dawn', { title: 'Dawn', artist: { _id: 'aria', name: 'Aria' } });
    const tracks = [makeSong('one', { trackNumber: 1 }), makeSong('two', { trackNumber: 2 })];
    seed.album(dawn, tracks);
    const { router } = renderWithProviders(<AlbumCard album={dawn} />);
    const fromButton = await moreOptionsLabels('Dawn');
    expect(fromButton).toEqual([
      'Play',
      'Start radio',
      'Like',
      'Share',
      'Go to album',
      'Go to artist',
    ]);

    fireEvent.contextMenu(screen.getByRole('article', { name: 'Dawn' }), {
      clientX: 50,
      clientY: 60,
    });
    expect(labels(await screen.findByRole('menu'))).toEqual(fromButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Play' }));
    await waitFor(() => expect(usePlayer.getState().current?._id).toBe('one'));
    expect(usePlayer.getState().queue.map((item) => item._id)).toEqual(['one', 'two']);

    fireEvent.contextMenu(screen.getByRole('article', { name: 'Dawn' }), {
      clientX: 50,
      clientY: 60,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Go to artist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/aria'));
  });

  it('gives a playlist card a menu: play it, open it or share it', async () => {
    const playlist = makePlaylist('mix', { name: 'Morning Mix' });
    const onOpen = vi.fn();
    renderWithProviders(<PlaylistCard playlist={playlist} onOpen={onOpen} />);
    expect(await moreOptionsLabels('Morning Mix')).toEqual([
      'Play',
      'Start radio',
      'Open',
      'Share',
    ]);
    fireEvent.contextMenu(screen.getByRole('article', { name: 'Morning Mix' }), {
      clientX: 10,
      clientY: 10,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open' }));
    expect(onOpen).toHaveBeenCalledWith(playlist);
  });
});

describe('a context menu on long-press (touch)', () => {
  it('opens where the finger rests after half a second, and lifting it clicks nothing', async () => {
    vi.useFakeTimers();
    renderWithProviders(<CardWithMenu />);
    const title = within(screen.getByRole('article', { name: 'Blue Hour' })).getByText('Blue Hour');
    touch(title, 'touchStart', 120, 140);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 50);
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(50);
    });
    const menu = screen.getByRole('menu');
    expect(menuPaper(menu).style.top).toBe('140px');
    expect(menuPaper(menu).style.left).toBe('120px');
    expect(labels(menu)).toContain('Add to Playlist');
    // The touch's end is cancelled, so no click follows it.
    expect(touch(title, 'touchEnd', 120, 140)).toBe(false);
  });

  it('is cancelled by moving the finger (a scroll), and a tap stays a tap', () => {
    vi.useFakeTimers();
    renderWithProviders(<CardWithMenu />);
    const card = screen.getByRole('article', { name: 'Blue Hour' });
    touch(card, 'touchStart', 100, 100);
    touch(card, 'touchMove', 100, 130);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    touch(card, 'touchStart', 100, 100);
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(touch(card, 'touchEnd', 100, 100)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
