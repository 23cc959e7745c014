import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeArtist, makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, failRoute, server, stallRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const ROUTE = 'GET /api/user/songs/liked';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('/library/liked', () => {
  it('shows a skeleton while the first page loads', async () => {
    stallRoute(ROUTE);
    renderApp('/library/liked');
    expect(await screen.findByRole('status', { name: 'Loading liked songs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeInTheDocument();
  });

  it('lists the liked songs newest like first, with their count', async () => {
    const songs = [makeSong('1'), makeSong('2'), makeSong('3')];
    seed.library({ songs, liked: [songs[2]!, songs[0]!] });
    renderApp('/library/liked');
    expect(await screen.findByText('Song 3')).toBeInTheDocument();
    expect(screen.getByText('Song 1')).toBeInTheDocument();
    expect(screen.queryByText('Song 2')).not.toBeInTheDocument();
    expect(await screen.findByText('2 songs')).toBeInTheDocument();
    expect(requestsTo(ROUTE)[0]?.query.get('limit')).toBe('50');
  });

  it('plays the list from its first song, or shuffled', async () => {
    const songs = [makeSong('1'), makeSong('2'), makeSong('3')];
    seed.library({ songs, liked: songs });
    const { user } = renderApp('/library/liked');
    await screen.findByText('Song 1');
    const page = screen.getByRole('region', { name: 'Liked Songs' });
    await user.click(within(page).getByRole('button', { name: 'Play' }));
    expect(usePlayer.getState().current?._id).toBe('1');
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['1', '2', '3']);
    expect(usePlayer.getState().shuffle).toBe(false);
    await user.click(within(page).getByRole('button', { name: 'Shuffle' }));
    expect(usePlayer.getState().shuffle).toBe(true);
    expect(usePlayer.getState().queue).toHaveLength(3);
  });

  it('shows an error with Retry when loading fails, never the empty text', async () => {
    const songs = [makeSong('1')];
    seed.library({ songs, liked: songs });
    failRoute(ROUTE, 500, 'Something went wrong.');
    const { user } = renderApp('/library/liked');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your liked songs could not be loaded.');
    expect(screen.queryByText(/haven't liked any songs/)).not.toBeInTheDocument();
    // The server is back.
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Song 1')).toBeInTheDocument();
  });

  it('invites the listener to like songs when there are none', async () => {
    renderApp('/library/liked');
    expect(
      await screen.findByText(
        "You haven't liked any songs yet. Tap the heart on a song to find it here.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('0 songs')).toBeInTheDocument();
  });

  it('keeps only the caller’s likes', async () => {
    const songs = [makeSong('1'), makeSong('2')];
    seed.library({ songs, liked: [songs[0]!] });
    seed.likes(makeUser({ _id: 'someone-else' }), [songs[1]!]);
    renderApp('/library/liked');
    expect(await screen.findByText('Song 1')).toBeInTheDocument();
    expect(screen.queryByText('Song 2')).not.toBeInTheDocument();
    expect(store.likes.size).toBe(2);
  });
});

describe('/library/liked tabs', () => {
  const cardTitles = (list: HTMLElement) =>
    within(list)
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-label'));

  it('opens on Songs, and keeps the tab chosen in the address', async () => {
    const songs = [makeSong('1')];
    seed.library({ songs, liked: songs });
    const { user, router } = renderApp('/library/liked');
    const tabs = await screen.findByRole('tablist', { name: 'Liked' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Songs', 'Albums', 'Artists']);
    expect(within(tabs).getByRole('tab', { name: 'Songs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Song 1')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Albums' }));
    expect(router.state.location.search).toBe('?tab=albums');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Liked Albums' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Albums' })).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Songs' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows the liked albums newest like first as cards, with their count', async () => {
    const [dawn, dusk] = [
      makeAlbum('dawn', { title: 'Dawn' }),
      makeAlbum('dusk', { title: 'Dusk' }),
    ];
    seed.albumLikes(makeUser(), [dusk, dawn]);
    seed.album(makeAlbum('noon', { title: 'Noon' }));
    renderApp('/library/liked?tab=albums');
    const grid = await screen.findByRole('list', { name: 'Liked Albums' });
    expect(cardTitles(grid)).toEqual(['Dusk', 'Dawn']);
    expect(await screen.findByText('2 albums')).toBeInTheDocument();
  });

  it('loads the next page of liked albums by cursor', async () => {
    const ROUTE = 'GET /api/user/albums/liked';
    answer(ROUTE, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return HttpResponse.json(
        cursor === 'page-2'
          ? { success: true, data: [makeAlbum('3')] }
          : { success: true, data: [makeAlbum('1'), makeAlbum('2')], nextCursor: 'page-2' },
      );
    });
    const { user } = renderApp('/library/liked?tab=albums');
    const grid = await screen.findByRole('list', { name: 'Liked Albums' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByText('Album 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo(ROUTE).map((request) => request.query.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
  });

  it('takes an album off the list when it is unliked from its card', async () => {
    const [dawn, dusk] = [
      makeAlbum('dawn', { title: 'Dawn' }),
      makeAlbum('dusk', { title: 'Dusk' }),
    ];
    seed.albumLikes(makeUser(), [dusk, dawn]);
    const { user } = renderApp('/library/liked?tab=albums');
    const grid = await screen.findByRole('list', { name: 'Liked Albums' });
    await user.click(within(grid).getByRole('button', { name: 'More options for Dusk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlike' }));
    await waitFor(() => expect(cardTitles(grid)).toEqual(['Dawn']));
    expect(await screen.findByText('1 album')).toBeInTheDocument();
  });

  it('shows the liked artists newest like first as cards, with their count', async () => {
    const [aria, bach] = [
      makeArtist('aria', { name: 'Aria' }),
      makeArtist('bach', { name: 'Bach' }),
    ];
    seed.artistLikes(makeUser(), [bach, aria]);
    renderApp('/library/liked?tab=artists');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Liked Artists' }),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Liked Artists' });
    expect(cardTitles(grid)).toEqual(['Bach', 'Aria']);
    expect(await screen.findByText('2 artists')).toBeInTheDocument();
  });

  it('invites the listener to like albums and artists when there are none', async () => {
    const { user } = renderApp('/library/liked?tab=albums');
    expect(
      await screen.findByText(
        "You haven't liked any albums yet. Tap the heart on an album to find it here.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('0 albums')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Artists' }));
    expect(
      await screen.findByText(
        "You haven't liked any artists yet. Tap the heart on an artist to find them here.",
      ),
    ).toBeInTheDocument();
  });

  it('shows an error with Retry when the liked artists cannot be loaded', async () => {
    failRoute('GET /api/user/artists/liked', 500, 'Something went wrong.');
    renderApp('/library/liked?tab=artists');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your liked artists could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
