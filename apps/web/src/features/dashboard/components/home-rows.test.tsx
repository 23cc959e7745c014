import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeRows } from '@cadenza/contract/home';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeArtist, makePlaylist, makeSong } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const ROUTE = 'GET /api/user/home';
const jazz = [makeSong('j1', { genre: 'jazz', title: 'Blue Note' })];
const rows: HomeRows = {
  newAlbums: [makeAlbum('1', { title: 'Fresh Album' }), makeAlbum('2')],
  topArtists: [{ ...makeArtist('a'), playCount: 9 }],
  genres: [{ genre: 'jazz', songCount: 1, songs: jazz }],
};

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

async function openHome() {
  const view = renderApp('/user/dashboard');
  await screen.findByRole('heading', { name: 'Ada Listener' });
  return view;
}

const row = (title: string) => screen.findByRole('region', { name: title });

describe('Home rows', { timeout: 20_000 }, () => {
  it('follow Recently Played and Popular Songs, each with Show all', async () => {
    const songs = [makeSong('1'), makeSong('2')];
    seed.library({
      songs,
      recent: [songs[0]!],
      playlists: [makePlaylist('p1', { name: 'Road Trip' })],
    });
    answer(ROUTE, () => HttpResponse.json({ success: true, data: rows }));
    await openHome();

    const albums = await row('New albums');
    expect(within(albums).getByText('Fresh Album')).toBeInTheDocument();
    expect(within(albums).getByRole('link', { name: /Show all/ })).toHaveAttribute(
      'href',
      '/library/albums',
    );
    const playlists = await row('Your playlists');
    expect(within(playlists).getByText('Road Trip')).toBeInTheDocument();
    expect(within(playlists).getByRole('link', { name: /Show all/ })).toHaveAttribute(
      'href',
      '/library/playlists',
    );
    const artists = await row('Artists you play most');
    expect(within(artists).getByText('Artist a')).toBeInTheDocument();
    expect(within(artists).getByRole('link', { name: /Show all/ })).toHaveAttribute(
      'href',
      '/library/artists',
    );
    const genre = await row('Jazz');
    expect(within(genre).getByText('Blue Note')).toBeInTheDocument();
    expect(within(genre).getByRole('link', { name: /Show all/ })).toHaveAttribute(
      'href',
      '/genre/jazz',
    );

    // docs/product.md's sections come first, unchanged.
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings.slice(0, 3)).toEqual(['Recently Played', 'Popular Songs', 'New albums']);
  });

  it('leave out rows with nothing to show', async () => {
    answer(ROUTE, () =>
      HttpResponse.json({ success: true, data: { newAlbums: [], topArtists: [], genres: [] } }),
    );
    await openHome();
    expect(await screen.findByText('No songs available')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('status', { name: 'Loading more for you' }),
      ).not.toBeInTheDocument(),
    );
    expect(requestsTo(ROUTE)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'New albums' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Artists you play most' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your playlists' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mixes for you' })).not.toBeInTheDocument();
  });

  it('offer mixes from the artists the listener plays most, each a radio station', async () => {
    const listener = logIn();
    // A station's seed is an id the server made (a UUID).
    const uuid = (n: number) => `0190d4f2-8b1e-7000-8000-00000000000${n}`;
    const by = (n: number, name: string) => ({
      artist: name,
      artists: [{ _id: uuid(n), name, role: 'main' as const }],
    });
    const mine = [
      makeSong(uuid(1), { title: 'First Light', ...by(3, 'Lia Park') }),
      makeSong(uuid(2), { title: 'Other Song', ...by(4, 'Someone Else') }),
    ];
    seed.songs(...mine);
    seed.plays(listener, [mine[0]!, mine[0]!, mine[1]!]);
    answer(ROUTE, () => HttpResponse.json({ success: true, data: rows }));
    const { user } = await openHome();
    const mixes = await row('Mixes for you');
    const cards = within(mixes).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Lia Park Mix',
      'Someone Else Mix',
    ]);
    await user.click(within(mixes).getByRole('button', { name: 'Play Lia Park Mix' }));
    await waitFor(() => expect(usePlayer.getState().source?.label).toBe('Lia Park Radio'));
    expect(usePlayer.getState().current?.title).toBe('First Light');
  });

  it('play a genre row’s song from the row', async () => {
    seed.songs(...jazz);
    answer(ROUTE, () => HttpResponse.json({ success: true, data: rows }));
    const { user } = await openHome();
    const genre = await row('Jazz');
    await user.click(within(genre).getByRole('button', { name: 'Play Blue Note' }));
    expect(usePlayer.getState().current?.title).toBe('Blue Note');
  });

  it('show an error with Retry when they cannot be loaded', async () => {
    let calls = 0;
    answer(ROUTE, () => {
      calls += 1;
      return calls === 1
        ? failure(500, 'Something went wrong.')
        : HttpResponse.json({ success: true, data: rows });
    });
    const { user } = await openHome();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Albums, artists and genres could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await row('New albums')).toBeInTheDocument();
  });

  it('are built only when scrolled or tabbed towards, not with the first screen', async () => {
    const watched: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          watched.push(element);
        }
        disconnect() {}
      },
    );
    answer(ROUTE, () => HttpResponse.json({ success: true, data: rows }));
    await openHome();
    expect(await screen.findByRole('region', { name: 'Popular Songs' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(ROUTE)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status', { name: 'Loading more for you' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New albums' })).not.toBeInTheDocument();
    expect(watched.length).toBeGreaterThan(0);

    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await row('New albums')).toBeInTheDocument();
  });
});
