import type { PublicSong, Song } from '@cadenza/contract/songs';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { routeFetch } from '@/test/fetch-routes';
import { adminUser, jsonResponse, logIn, makeUser, renderApp } from '@/test/render-app';

/** A song as GET /general/songs answers visitors: no audio URL. */
function makeSong(index: number, overrides: Partial<PublicSong> = {}): PublicSong {
  return {
    _id: `song-${index}`,
    title: `Song ${index}`,
    artist: `Artist ${index}`,
    album: null,
    genre: 'pop',
    releaseYear: 2024,
    duration: 180,
    coverImage: `/media/covers/${index}.jpg`,
    audioFile: null,
    // Song n was added on day n of January: the higher the number, the newer.
    createdAt: new Date(Date.UTC(2025, 0, index)).toISOString(),
    ...overrides,
  };
}

// Ten songs in no particular order: the landing must show the eight newest, newest first.
const songs = [3, 9, 1, 10, 5, 7, 2, 8, 4, 6].map((index) => makeSong(index));

/** The same songs as a listener's own list has them: newest first, with signed audio URLs. */
const playableSongs: Song[] = [...songs]
  .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  .map((song) => ({ ...song, audioFile: `/media/audio/${song._id}.mp3?signature=listener` }));

const stats = {
  stats: { users: 1234, songs: 56 },
  popularGenres: [
    { _id: 'rock', count: 12 },
    { _id: 'hip-hop', count: 1 },
  ],
  recentUsers: [{ name: 'ada Lovelace', createdAt: '2025-01-15T10:00:00.000Z' }],
};

function landingRoutes(overrides: Parameters<typeof routeFetch>[0] = {}) {
  return routeFetch({
    'GET /general/songs': () => jsonResponse(200, { success: true, data: songs }),
    'GET /general/stats/quick': () => jsonResponse(200, { success: true, data: stats }),
    ...overrides,
  });
}

function latestMusic() {
  return within(screen.getByRole('region', { name: 'Latest Music' }));
}

describe('Landing page', { timeout: 15_000 }, () => {
  const originalPlayFrom = usePlayer.getState().playFrom;
  afterEach(() => {
    usePlayer.setState({ playFrom: originalPlayFrom });
  });

  it('shows the 8 newest songs, newest first, with cover, title and artist', async () => {
    landingRoutes();
    renderApp('/');
    const cards = await latestMusic().findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3].map((index) => `Song ${index} by Artist ${index}`),
    );
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Song 10')).toBeInTheDocument();
    expect(first.getByText('Artist 10')).toBeInTheDocument();
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/media/covers/10.jpg');
  });

  it('falls back to the default cover when a cover is missing or broken', async () => {
    routeFetch({
      'GET /general/songs': () =>
        jsonResponse(200, {
          success: true,
          data: [makeSong(2, { coverImage: '' }), makeSong(1)],
        }),
    });
    renderApp('/');
    const cards = await latestMusic().findAllByRole('article');
    const [missing, broken] = cards.map((card) => card.querySelector('img') as HTMLImageElement);
    expect(missing).toHaveAttribute('src', '/media/defaults/song.jpg');
    expect(broken).toHaveAttribute('src', '/media/covers/1.jpg');
    fireEvent.error(broken as HTMLImageElement);
    expect(broken).toHaveAttribute('src', '/media/defaults/song.jpg');
  });

  it("says 'Failed to load latest music.' when the songs cannot be loaded", async () => {
    landingRoutes({ 'GET /general/songs': () => jsonResponse(500, { success: false }) });
    renderApp('/');
    expect(await latestMusic().findByText('Failed to load latest music.')).toBeInTheDocument();
  });

  it('counts the community numbers up to their values with a plus, and lists genres and members', async () => {
    landingRoutes();
    renderApp('/');
    const community = within(screen.getByRole('region', { name: 'Join our growing community' }));
    expect(community.getByText('Active Users')).toBeInTheDocument();
    expect(community.getByText('Songs Available')).toBeInTheDocument();
    expect(await community.findByText('1,234+', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(await community.findByText('56+', undefined, { timeout: 4000 })).toBeInTheDocument();

    const genres = within(community.getByRole('region', { name: 'Popular Genres' }));
    expect(genres.getByText('Rock')).toBeInTheDocument();
    expect(genres.getByText('12 songs')).toBeInTheDocument();
    expect(genres.getByText('Hip-hop')).toBeInTheDocument();
    expect(genres.getByText('1 song')).toBeInTheDocument();

    const members = within(community.getByRole('region', { name: 'Newest Members' }));
    expect(members.getByText('A')).toBeInTheDocument();
    expect(members.getByText('ada Lovelace')).toBeInTheDocument();
    expect(members.getByText('Joined Jan 15, 2025')).toBeInTheDocument();
  });

  it.each([
    ['a failed call', () => jsonResponse(500, { success: false, message: 'Down' })],
    ['an answer without success', () => jsonResponse(200, { success: false, data: stats })],
  ])('shows zeros and empty lists after %s', async (_, answer) => {
    landingRoutes({ 'GET /general/stats/quick': answer });
    renderApp('/');
    const community = within(screen.getByRole('region', { name: 'Join our growing community' }));
    expect(await community.findByText('No genres yet')).toBeInTheDocument();
    expect(community.getByText('No members yet')).toBeInTheDocument();
    expect(community.getAllByText('0+')).toHaveLength(2);
  });

  it('offers GET STARTED to visitors, and SIGN UP FREE', async () => {
    landingRoutes();
    renderApp('/home');
    expect(screen.getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'SIGN UP FREE' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('region', { name: 'Why Cadenza?' })).toBeInTheDocument();
    await latestMusic().findAllByRole('article');
  });

  it.each([
    ['a listener', makeUser(), '/user/dashboard'],
    ['an admin', adminUser, '/admin/dashboard'],
  ])('offers GO TO DASHBOARD to %s', async (_, user, path) => {
    logIn(user);
    landingRoutes();
    renderApp('/');
    expect(screen.getByRole('link', { name: 'GO TO DASHBOARD' })).toHaveAttribute('href', path);
    await latestMusic().findAllByRole('article');
  });

  it('sends a visitor who presses play to /login', async () => {
    const playFrom = vi.fn();
    usePlayer.setState({ playFrom });
    landingRoutes();
    const { user, router } = renderApp('/');
    await user.click(await latestMusic().findByRole('button', { name: 'Play Song 8' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(playFrom).not.toHaveBeenCalled();
  });

  it("plays the listener's own copy of the song, queueing the section's other songs", async () => {
    logIn();
    const playFrom = vi.fn();
    usePlayer.setState({ playFrom });
    landingRoutes({
      'GET /user/songs': () => jsonResponse(200, { success: true, data: playableSongs }),
    });
    const { user, router } = renderApp('/');
    await user.click(await latestMusic().findByRole('button', { name: 'Play Song 8' }));
    await vi.waitFor(() => expect(playFrom).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/');
    const [song, list] = playFrom.mock.calls[0] as [Song, Song[]];
    expect(song._id).toBe('song-8');
    expect(song.audioFile).toBe('/media/audio/song-8.mp3?signature=listener');
    expect(list.map((item) => item._id)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3].map((index) => `song-${index}`),
    );
    expect(list.every((item) => item.audioFile.includes('signature=listener'))).toBe(true);
  });
});
