import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute, server, stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { tagGenre } from '@/test/mock-api/tag-genres';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const jazz = tagGenre('Jazz');
const fusion = tagGenre('Fusion');
const jPop = tagGenre('J-Pop');

/** Two jazz albums (one of them fusion too) and a J-Pop single, newest song first. */
function seedGenres() {
  seed.album(makeAlbum('kind', { title: 'Kind of Blue', genres: [jazz] }), [
    makeSong('so-what', { title: 'So What', genres: [jazz] }),
  ]);
  seed.album(makeAlbum('bitches', { title: 'Bitches Brew', genres: [jazz, fusion] }), [
    makeSong('spanish-key', { title: 'Spanish Key', genres: [jazz, fusion] }),
    makeSong('pharaoh', { title: 'Pharaoh’s Dance', genres: [jazz] }),
  ]);
  seed.songs(makeSong('neon', { title: 'Neon Nights', albumId: null, genres: [jPop] }));
}

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('/genres', { timeout: 20_000 }, () => {
  it('lists every genre with its counts, each a link to its page', async () => {
    seedGenres();
    const { user, router } = renderApp('/genres');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genres' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Genres' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Fusion1 song · 1 album', 'J-Pop1 song · 0 albums', 'Jazz3 songs · 2 albums']);
    await user.type(screen.getByLabelText('Filter genres'), 'ja');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jazz3 songs · 2 albums']);
    await user.click(within(list).getByRole('link', { name: /^Jazz/ }));
    expect(router.state.location.pathname).toBe(`/genres/${jazz._id}`);
  });

  it('says when the library has no genres yet', async () => {
    renderApp('/genres');
    expect(
      await screen.findByText('No genres yet. They appear here as tagged songs are added.'),
    ).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an error with Retry when loading fails', async () => {
    stallRoute('GET /api/user/genres');
    const first = renderApp('/genres');
    expect(await screen.findByRole('status', { name: 'Loading genres' })).toBeInTheDocument();
    first.unmount();
    server.resetHandlers();
    seedGenres();
    failRoute('GET /api/user/genres', 500, 'Something went wrong.');
    const { user } = renderApp('/genres');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Genres could not be loaded.');
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^Fusion/ })).toBeInTheDocument();
  });

  it('is in the sidebar', async () => {
    renderApp('/genres');
    const browse = await screen.findByRole('navigation', { name: 'Browse' });
    expect(within(browse).getByRole('link', { name: 'Genres' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('/genres/:id', { timeout: 20_000 }, () => {
  it('shows the genre’s name, counts, albums and songs, and plays them', async () => {
    seedGenres();
    const { user } = renderApp(`/genres/${jazz._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz' })).toBeVisible();
    expect(screen.getByText('3 songs · 2 albums')).toBeInTheDocument();
    const albums = await screen.findByRole('list', { name: 'Albums' });
    expect(
      within(albums)
        .getAllByRole('heading')
        .map((title) => title.textContent),
    ).toEqual(['Bitches Brew', 'Kind of Blue']);
    const songs = await screen.findByRole('grid', { name: 'Jazz songs' });
    expect(within(songs).getByText('So What')).toBeInTheDocument();
    expect(within(songs).getByText('Spanish Key')).toBeInTheDocument();
    expect(within(songs).queryByText('Neon Nights')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(usePlayer.getState().current?.genres).toContainEqual(jazz);
    expect(requestsTo('GET /api/user/genres/:id/songs')[0]?.path).toBe(
      `/api/user/genres/${jazz._id}/songs`,
    );
  });

  it('answers an unknown genre with "Genre Not Found"', async () => {
    renderApp('/genres/genre-polka');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Genre Not Found' }),
    ).toBeInTheDocument();
  });
});

describe('genres elsewhere', { timeout: 20_000 }, () => {
  it('shows an album’s genres under its heading, as links', async () => {
    seedGenres();
    renderApp('/album/bitches');
    const chips = await screen.findByRole('list', { name: 'Genres of Bitches Brew' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Jazz', `/genres/${jazz._id}`],
      ['Fusion', `/genres/${fusion._id}`],
    ]);
  });

  it('finds genres in the search', async () => {
    seedGenres();
    const { user, router } = renderApp('/search?q=jaz');
    const section = await screen.findByRole('region', { name: 'Genres' });
    await user.click(within(section).getByRole('link', { name: 'Jazz' }));
    expect(router.state.location.pathname).toBe(`/genres/${jazz._id}`);
  });

  it('links the search page to every genre before a query', async () => {
    renderApp('/search');
    expect(await screen.findByRole('link', { name: 'browse its genres' })).toHaveAttribute(
      'href',
      '/genres',
    );
  });

  it('shows the current song’s genres on /player', async () => {
    seedGenres();
    usePlayer
      .getState()
      .playFrom(makeSong('spanish-key', { title: 'Spanish Key', genres: [jazz, fusion] }), []);
    renderApp('/player');
    const chips = await screen.findByRole('list', { name: 'Genres of Spanish Key' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jazz', 'Fusion']);
  });
});
