import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makePlaylist, makeSong, makeUser } from '@/test/mock-api/factories';
import { failRoute, stallAllRoutes } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('Discover', () => {
  it('shows a spinner first', async () => {
    stallAllRoutes();
    renderApp('/discover');
    expect(await screen.findByRole('progressbar', { name: 'Loading music' })).toBeInTheDocument();
  });

  it('shows the three sections with their empty texts', async () => {
    renderApp('/discover');
    expect(await screen.findByRole('heading', { name: 'Discover Music' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeDiscover',
    );
    expect(await screen.findByText('No songs available')).toBeInTheDocument();
    expect(screen.getByText('No recently played songs')).toBeInTheDocument();
    expect(screen.getByText('No playlists created yet')).toBeInTheDocument();
  });

  it('shows at most 12 latest and 6 recent songs, and every playlist', async () => {
    const songs = Array.from({ length: 14 }, (_, index) => makeSong(String(index + 1)));
    const playlists = Array.from({ length: 3 }, (_, index) => makePlaylist(`p${index}`));
    seed.library({ songs, recent: songs.slice(0, 8), playlists });
    renderApp('/discover');
    const latest = await screen.findByRole('list', { name: 'Latest Songs' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(12);
    const recent = screen.getByRole('list', { name: 'Recently Played' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(6);
    const yours = screen.getByRole('list', { name: 'Your Playlists' });
    expect(within(yours).getAllByRole('listitem')).toHaveLength(3);
  });

  it('loads the covers in view at once, the first before anything else', async () => {
    const songs = Array.from({ length: 6 }, (_, index) => makeSong(String(index + 1)));
    seed.library({ songs, recent: songs.slice(0, 2) });
    renderApp('/discover');
    const latest = await screen.findByRole('list', { name: 'Latest Songs' });
    // jsdom matches no media query: a phone's grid, two rows of two cards in view.
    const covers = within(latest).getAllByRole('presentation');
    expect(covers.map((cover) => cover.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(covers.map((cover) => cover.getAttribute('fetchpriority'))).toEqual([
      'high',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
    ]);
    const recent = screen.getByRole('list', { name: 'Recently Played' });
    for (const cover of within(recent).getAllByRole('presentation')) {
      expect(cover).toHaveAttribute('loading', 'lazy');
    }
  });

  it('shows the error box when loading fails', async () => {
    failRoute('GET /api/user/songs', 500);
    renderApp('/discover');
    expect(
      await screen.findByText('Failed to load music data. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('plays a song right there and records the play', async () => {
    const songs = [makeSong('1'), makeSong('2')];
    seed.songs(...songs);
    const { user } = renderApp('/discover');
    await user.click(await screen.findByRole('button', { name: 'Play Song 2' }));
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Song 2')).toBeInTheDocument();
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['2', '1']);
    await waitFor(() =>
      expect(store.plays).toMatchObject([{ userId: makeUser()._id, songId: '2' }]),
    );
    // The Recently Played section follows without a reload.
    const recent = await screen.findByRole('list', { name: 'Recently Played' });
    expect(within(recent).getByRole('article', { name: 'Song 2' })).toBeInTheDocument();
    expect(screen.queryByText('No recently played songs')).not.toBeInTheDocument();
  });

  it('opens a playlist card in the dashboard’s drawer', async () => {
    const playlist = { ...makePlaylist('p1', { name: 'Focus' }), songs: [] };
    seed.library({ playlists: [playlist] });
    const { user, router } = renderApp('/discover');
    await user.click(await screen.findByRole('button', { name: 'Open playlist Focus' }));
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(router.state.location.search).toBe('?playlist=p1');
    expect(await screen.findByRole('heading', { name: 'Playlist: Focus' })).toBeInTheDocument();
  });
});
