import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Song } from '@cadenza/contract/songs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderWithProviders, stubMediaElement } from '@/test/render-app';
import { TrackList, type TrackListProps } from './track-list';

function Harness(props: Omit<TrackListProps, 'actions' | 'label'>) {
  const { actions, dialogs } = useSongActionsWithDialogs();
  return (
    <>
      <TrackList label="Tracks" actions={actions} {...props} />
      {dialogs}
    </>
  );
}

const album = (id: string, track: number, disc = 1, overrides: Partial<Song> = {}) =>
  makeSong(id, {
    title: `Track ${id}`,
    album: 'Abbey Road',
    albumId: 'abbey',
    trackNumber: track,
    discNumber: disc,
    durationMs: 185_400,
    replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
    artists: [
      { _id: 'beatles', name: 'The Beatles', role: 'main' },
      { _id: 'preston', name: 'Billy Preston', role: 'featured' },
    ],
    ...overrides,
  });

const songs = [album('a', 3), album('b', 7), album('c', 1, 2)];

function rows() {
  return screen.getAllByRole('row').filter((row) => row.hasAttribute('data-song-index'));
}

beforeEach(() => {
  stubMediaElement();
  logIn();
  seed.songs(...songs);
});
afterEach(() => usePlayer.getState().reset());

describe('TrackList', () => {
  it('shows number, title, artist and album links and m:ss, with a header', async () => {
    renderWithProviders(<Harness songs={songs} numbering="track" />);
    const grid = await screen.findByRole('grid', { name: 'Tracks' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Title', 'Album', '', '', '']);
    const first = await screen.findByRole('row', { name: 'Track a' });
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByText('3:05')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'The Beatles' })).toHaveAttribute(
      'href',
      '/artist/beatles',
    );
    expect(within(first).getByRole('link', { name: 'Billy Preston' })).toHaveAttribute(
      'href',
      '/artist/preston',
    );
    expect(within(first).getByRole('link', { name: 'Abbey Road' })).toHaveAttribute(
      'href',
      '/album/abbey',
    );
  });

  it('numbers by position and leaves the album out when asked', async () => {
    renderWithProviders(<Harness songs={songs} showAlbum={false} />);
    const second = await screen.findByRole('row', { name: 'Track b' });
    expect(within(second).getByText('2')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'Abbey Road' })).not.toBeInTheDocument();
  });

  it('heads each run of songs with its section', async () => {
    renderWithProviders(<Harness songs={songs} sectionOf={(song) => `Disc ${song.discNumber}`} />);
    await screen.findByRole('row', { name: 'Track a' });
    const labels = screen.getAllByRole('row').map((row) => row.textContent);
    expect(labels.filter((text) => text?.startsWith('Disc'))).toEqual(['Disc 1', 'Disc 2']);
  });

  it('plays on double click, Enter and the number button, with the list as the queue', async () => {
    const { user } = renderWithProviders(<Harness songs={songs} />);
    await user.dblClick(await screen.findByRole('row', { name: 'Track b' }));
    expect(usePlayer.getState().current?._id).toBe('b');
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['b', 'a', 'c']);
    const current = screen.getByRole('row', { name: 'Track b' });
    expect(current).toHaveAttribute('aria-current', 'true');
    // Its number shows the equaliser (the play button replaces it while the row has focus).
    (document.activeElement as HTMLElement).blur();
    await user.unhover(current);
    expect(within(current).getByRole('img', { name: 'Now playing' })).toBeInTheDocument();

    // Pointing at the current song's row shows the button that pauses it.
    await user.hover(current);
    await user.click(within(current).getByRole('button', { name: 'Pause Track b' }));
    expect(usePlayer.getState().isPlaying).toBe(false);

    const third = screen.getByRole('row', { name: 'Track c' });
    third.focus();
    await user.keyboard('{Enter}');
    expect(usePlayer.getState().current?._id).toBe('c');
    expect(usePlayer.getState().isPlaying).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Play Track a' }));
    expect(usePlayer.getState().current?._id).toBe('a');
  });

  it('on a page with a source, track N continues with N+1, not the list from its top', async () => {
    const source = { kind: 'album', label: 'Abbey Road', path: '/album/abbey' } as const;
    const { user } = renderWithProviders(<Harness songs={songs} source={source} />);
    await user.dblClick(await screen.findByRole('row', { name: 'Track b' }));
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['b', 'c']);
    expect(usePlayer.getState().source).toEqual(source);
  });

  it('Play next and Add to queue from a song menu put it in Next up', async () => {
    const { user } = renderWithProviders(<Harness songs={songs} />);
    await user.dblClick(await screen.findByRole('row', { name: 'Track a' }));
    const menuOf = async (title: string) => {
      const row = screen.getByRole('row', { name: title });
      await user.click(within(row).getByRole('button', { name: `More options for ${title}` }));
    };
    await menuOf('Track c');
    await user.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
    expect(await screen.findByText('Added to queue')).toBeInTheDocument();
    await menuOf('Track b');
    await user.click(screen.getByRole('menuitem', { name: 'Play next' }));
    expect(await screen.findByText('Playing next')).toBeInTheDocument();
    const state = usePlayer.getState();
    expect(state.queue.map((song) => song._id)).toEqual(['a', 'b', 'c', 'b', 'c']);
    expect(state.nextUpCount).toBe(2);
  });

  it('moves focus between rows with Up, Down, Home and End; one row is in the Tab order', async () => {
    const { user } = renderWithProviders(<Harness songs={songs} />);
    await screen.findByRole('row', { name: 'Track a' });
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    await user.tab();
    expect(screen.getByRole('row', { name: 'Track a' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: 'Track b' })).toHaveFocus();
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{End}');
    expect(screen.getByRole('row', { name: 'Track c' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: 'Track c' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('row', { name: 'Track b' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('row', { name: 'Track a' })).toHaveFocus();
  });

  it('renders only the rows on screen of 5,000 songs, and asks for more near the end', async () => {
    const many = Array.from({ length: 5000 }, (_, index) => makeSong(`s${index}`));
    const onLoadMore = vi.fn();
    const { rerender } = renderWithProviders(
      <Harness songs={many} hasMore onLoadMore={onLoadMore} />,
    );
    await screen.findByRole('row', { name: 'Song s0' });
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(60);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '-1');
    expect(onLoadMore).not.toHaveBeenCalled();

    rerender(<></>);
    const few = many.slice(0, 10);
    renderWithProviders(<Harness songs={few} hasMore onLoadMore={onLoadMore} />);
    await waitFor(() => expect(onLoadMore).toHaveBeenCalled());
  });

  it('shows a loading row while the next page loads', async () => {
    renderWithProviders(<Harness songs={songs} hasMore loadingMore />);
    expect(await screen.findByRole('progressbar', { name: 'Loading more songs' })).toBeVisible();
  });

  it('likes a song with the toast of docs/product.md, and its menu saves, adds and goes to album or artist', async () => {
    const { user, router } = renderWithProviders(<Harness songs={songs} />);
    const row = await screen.findByRole('row', { name: 'Track a' });
    await user.click(within(row).getByRole('button', { name: 'Like Track a' }));
    expect(await screen.findByText('Added to your Liked Songs')).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: 'Unlike Track a' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(row).getByRole('button', { name: 'More options for Track a' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
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
    await user.click(screen.getByRole('menuitem', { name: 'Add to Library' }));
    expect(await screen.findByText('Added to your Library')).toBeInTheDocument();
    expect(store.saves.get(store.users[0]!._id)).toEqual(['a']);

    await user.click(within(row).getByRole('button', { name: 'More options for Track a' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    expect(await screen.findByRole('dialog', { name: 'Add to Playlist' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'More options for Track a' }));
    await user.click(screen.getByRole('menuitem', { name: 'Go to artist' }));
    expect(router.state.location.pathname).toBe('/artist/beatles');
  });

  it('renders a page’s handle, trailing control, row props and extra menu entries', async () => {
    const remove = vi.fn();
    const { user } = renderWithProviders(
      <Harness
        songs={songs}
        renderHandle={(song) => <span>Drag {song.title}</span>}
        renderTrailing={(song) => <button onClick={() => remove(song._id)}>Remove</button>}
        rowProps={(song, index) => ({ draggable: true, 'data-position': String(index) })}
        extraMenuActions={(song) => [
          { label: 'Remove from this playlist', onSelect: () => remove(song._id) },
        ]}
      />,
    );
    const row = await screen.findByRole('row', { name: 'Track b' });
    expect(within(row).getByText('Drag Track b')).toBeInTheDocument();
    expect(row).toHaveAttribute('draggable', 'true');
    expect(row).toHaveAttribute('data-position', '1');
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenLastCalledWith('b');
    fireEvent.click(within(row).getByRole('button', { name: 'More options for Track b' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove from this playlist' }));
    expect(remove).toHaveBeenCalledTimes(2);
    // A click on a control does not play the row.
    expect(usePlayer.getState().current).toBeNull();
  });
});
