import type { Song } from '@cadenza/contract/songs';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { adminUser, makeSong, makeUser } from '@/test/mock-api/factories';
import { answer, failRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

/** Song n was added on day n of January 2025: the higher the number, the newer. */
function landingSong(index: number, overrides: Partial<Song> = {}): Song {
  return makeSong(`song-${index}`, {
    title: `Song ${index}`,
    artist: `Artist ${index}`,
    duration: 180,
    coverImage: `/media/covers/${index}.jpg`,
    audioFile: `/media/audio/${index}.mp3?sig=x`,
    createdAt: new Date(Date.UTC(2025, 0, index)).toISOString(),
    ...overrides,
  });
}

// Ten songs in no particular order: the landing must show the eight newest, newest first.
const songs = [3, 9, 1, 10, 5, 7, 2, 8, 4, 6].map((index) => landingSong(index));

/**
 * The library and the community behind the landing's numbers: 1234 members (the newest "ada
 * Lovelace") and 56 songs, 12 of them rock and 1 hip-hop; all but `songs` added in 2024.
 */
function seedLanding() {
  const older = Array.from({ length: 46 }, (_, index) =>
    makeSong(`old-${index}`, {
      genre: index < 12 ? 'rock' : index === 12 ? 'hip-hop' : 'pop',
      createdAt: '2024-06-01T00:00:00.000Z',
    }),
  );
  seed.songs(...songs, ...older);
  for (let index = 0; index < 1233; index += 1) {
    seed.user(
      makeUser({
        _id: `member-${index}`,
        name: `Listener ${index}`,
        email: `member${index}@example.com`,
        createdAt: '2024-05-01T10:00:00.000Z',
      }),
    );
  }
  seed.user(makeUser({ name: 'ada Lovelace', createdAt: '2025-01-15T10:00:00.000Z' }));
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
    seedLanding();
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
    seed.songs(landingSong(2, { coverImage: '' }), landingSong(1));
    renderApp('/');
    const cards = await latestMusic().findAllByRole('article');
    const [missing, broken] = cards.map((card) => card.querySelector('img') as HTMLImageElement);
    expect(missing).toHaveAttribute('src', '/media/defaults/song.jpg');
    expect(broken).toHaveAttribute('src', '/media/covers/1.jpg');
    fireEvent.error(broken as HTMLImageElement);
    expect(broken).toHaveAttribute('src', '/media/defaults/song.jpg');
  });

  it("says 'Failed to load latest music.' when the songs cannot be loaded", async () => {
    seedLanding();
    failRoute('GET /api/general/songs', 500, 'Something went wrong on our side. Please try again.');
    renderApp('/');
    expect(await latestMusic().findByText('Failed to load latest music.')).toBeInTheDocument();
  });

  it('counts the community numbers up to their values with a plus, and lists genres and members', async () => {
    seedLanding();
    renderApp('/');
    const community = within(screen.getByRole('region', { name: 'Join our growing community' }));
    expect(community.getByText('Active Users')).toBeInTheDocument();
    expect(community.getByText('Songs Available')).toBeInTheDocument();
    expect(await community.findByText('1,234+')).toBeInTheDocument();
    expect(await community.findByText('56+')).toBeInTheDocument();

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
    ['a failed call', () => failRoute('GET /api/general/stats/quick', 500, 'Down')],
    [
      'an answer without success',
      () =>
        answer('GET /api/general/stats/quick', () =>
          HttpResponse.json({
            success: false,
            data: {
              stats: { users: 1234, songs: 56 },
              popularGenres: [{ _id: 'rock', count: 12 }],
              recentUsers: [{ name: 'ada Lovelace', createdAt: '2025-01-15T10:00:00.000Z' }],
            },
          }),
        ),
    ],
  ])('shows zeros and empty lists after %s', async (_, breakStats) => {
    seedLanding();
    breakStats();
    renderApp('/');
    const community = within(screen.getByRole('region', { name: 'Join our growing community' }));
    expect(await community.findByText('No genres yet')).toBeInTheDocument();
    expect(community.getByText('No members yet')).toBeInTheDocument();
    expect(community.getAllByText('0+')).toHaveLength(2);
  });

  it('offers GET STARTED to visitors, and SIGN UP FREE', async () => {
    seedLanding();
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
    seedLanding();
    renderApp('/');
    expect(screen.getByRole('link', { name: 'GO TO DASHBOARD' })).toHaveAttribute('href', path);
    await latestMusic().findAllByRole('article');
  });

  it('sends a visitor who presses play to /login', async () => {
    const playFrom = vi.fn();
    usePlayer.setState({ playFrom });
    seedLanding();
    const { user, router } = renderApp('/');
    await user.click(await latestMusic().findByRole('button', { name: 'Play Song 8' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(playFrom).not.toHaveBeenCalled();
  });

  it("plays the listener's own copy of the song, queueing the section's other songs", async () => {
    logIn();
    const playFrom = vi.fn();
    usePlayer.setState({ playFrom });
    seedLanding();
    const { user, router } = renderApp('/');
    await user.click(await latestMusic().findByRole('button', { name: 'Play Song 8' }));
    await vi.waitFor(() => expect(playFrom).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/');
    const [song, list] = playFrom.mock.calls[0] as [Song, Song[]];
    expect(song._id).toBe('song-8');
    // The listener's own copy, with its signed audio URL: visitors' songs have none.
    expect(song.audioFile).toBe('/media/audio/8.mp3?sig=x');
    expect(list.map((item) => item._id)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3].map((index) => `song-${index}`),
    );
    expect(list.every((item) => item.audioFile.includes('sig=x'))).toBe(true);
  });
});
