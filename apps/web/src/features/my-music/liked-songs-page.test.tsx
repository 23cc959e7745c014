import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute, server, stallRoute } from '@/test/mock-api/server';
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
