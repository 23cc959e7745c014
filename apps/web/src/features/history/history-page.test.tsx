import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { failRoute, server, stallRoute } from '@/test/mock-api/server';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

let listenerId = '';

beforeEach(() => {
  listenerId = logIn()._id;
});
afterEach(() => usePlayer.getState().reset());

/** The songs of the list's rows, in order (the header row has no name). */
const songRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .flatMap((row) => row.getAttribute('aria-label') ?? []);

/** Plays of the listener: the first the newest, an hour apart. */
function played(...songIds: string[]) {
  const start = Date.parse('2025-06-01T12:00:00.000Z');
  songIds.forEach((songId, index) =>
    store.plays.push({
      userId: listenerId,
      songId,
      playedAt: new Date(start - index * 3_600_000).toISOString(),
    }),
  );
}

describe('/user/history', () => {
  it('shows a skeleton while loading', async () => {
    stallRoute('GET /api/user/history');
    renderApp('/user/history');
    expect(
      await screen.findByRole('status', { name: 'Loading your listening history' }),
    ).toBeInTheDocument();
  });

  it('lists every play newest first, the same song as often as it was played, and plays from a row on', async () => {
    const songs = [makeSong('1'), makeSong('2', { album: 'Blue Album' })];
    seed.songs(...songs);
    played('2', '1', '2', '1');
    const { user } = renderApp('/user/history');
    const list = await screen.findByRole('grid', { name: 'Listening History' });
    expect(songRows(list)).toEqual(['Song 2', 'Song 1', 'Song 2', 'Song 1']);
    expect(
      within(list).getAllByRole('button', { name: /^Remove the play of Song 2 at / }),
    ).toHaveLength(2);
    // Played from the second row: the plays after it follow (the queue holds a song once).
    await user.click(within(list).getAllByRole('button', { name: 'Play Song 1' })[0]!);
    expect(usePlayer.getState().current?._id).toBe('1');
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['1', '2']);
  });

  it('searches the plays by title, artist or album', async () => {
    seed.songs(makeSong('1'), makeSong('2', { album: 'Blue Album' }));
    played('1', '2');
    const { user } = renderApp('/user/history');
    await screen.findByRole('grid', { name: 'Listening History' });
    await user.type(screen.getByRole('textbox', { name: 'Search your history' }), 'blue');
    await waitFor(() =>
      expect(
        requestsTo('GET /api/user/history').some((sent) => sent.query.get('q') === 'blue'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(songRows(screen.getByRole('grid', { name: 'Listening History' }))).toEqual(['Song 2']),
    );
    await user.clear(screen.getByRole('textbox', { name: 'Search your history' }));
    await user.type(screen.getByRole('textbox', { name: 'Search your history' }), 'nothing');
    expect(await screen.findByText('No play of a song matching that search.')).toBeInTheDocument();
  });

  it('removes a play', async () => {
    seed.songs(makeSong('1'), makeSong('2'));
    played('1', '2');
    const { user } = renderApp('/user/history');
    const list = await screen.findByRole('grid', { name: 'Listening History' });
    await user.click(within(list).getByRole('button', { name: /^Remove the play of Song 1 at / }));
    await waitFor(() =>
      expect(songRows(screen.getByRole('grid', { name: 'Listening History' }))).toEqual(['Song 2']),
    );
    expect(store.plays.map((play) => play.songId)).toEqual(['2']);
  });

  it('shows an error with Retry when loading fails, and what shows there when nothing was played', async () => {
    failRoute('GET /api/user/history', 500, 'Something went wrong.');
    const { user } = renderApp('/user/history');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your listening history could not be loaded.');
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Nothing played yet\./)).toBeInTheDocument();
  });

  it('is in the sidebar beside the other lists of the library', async () => {
    renderApp('/library/recent');
    const link = await screen.findByRole('link', { name: 'Listening History' });
    expect(link).toHaveAttribute('href', '/user/history');
  });
});

describe('unmatched listens', () => {
  it('are matched by hand to a song, which makes a play at their time, or dismissed', async () => {
    const songId = '0190a0a0-0000-7000-8000-000000000001';
    seed.songs(makeSong(songId, { title: 'Lost Cause', artist: 'Beck' }));
    store.history.unmatched.push(
      {
        id: 'listen-1',
        userId: listenerId,
        source: 'lastfm',
        playedAt: '2021-02-01T08:00:00.000Z',
        artist: 'Beck',
        title: 'Lost Cause (Live)',
        album: null,
      },
      {
        id: 'listen-2',
        userId: listenerId,
        source: 'lastfm',
        playedAt: '2021-02-01T07:00:00.000Z',
        artist: 'Nobody',
        title: 'Gone',
        album: 'Nowhere',
      },
    );
    const { user } = renderApp('/user/history?tab=unmatched');
    const list = await screen.findByRole('list', { name: 'Unmatched listens' });
    const live = within(list).getByText('Lost Cause (Live) — Beck').closest('li')!;
    await user.click(within(live).getByRole('button', { name: 'Match' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Which song was "Lost Cause (Live)"?',
    });
    const search = within(dialog).getByRole('textbox', { name: 'Search the library' });
    await user.clear(search);
    await user.type(search, 'lost cause');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('button', { name: /Lost Cause/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.plays).toEqual([
      { userId: listenerId, songId, playedAt: '2021-02-01T08:00:00.000Z' },
    ]);

    const gone = (await screen.findByText('Gone — Nobody')).closest('li')!;
    await user.click(within(gone).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Every listen you brought found its song.')).toBeInTheDocument();
    expect(store.plays).toHaveLength(1);
  });
});
