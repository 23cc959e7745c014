import type { ApiKey } from '@cadenza/contract/api-keys';
import { creditText } from '@cadenza/contract/artist-credit';
import type { User } from '@cadenza/contract/auth';
import type { Album, Artist } from '@cadenza/contract/catalogue';
import type { LyricsLine, SongLyrics } from '@cadenza/contract/lyrics';
import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import type { ContactMessage, FeedbackEntry } from '@cadenza/contract/support';

/** Test data in the shapes of `packages/contract`; pass them to `seed` to put them on the server. */

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '0190d4f2-8b1e-7000-8000-000000000001',
    name: 'Ada Listener',
    email: 'ada@example.com',
    role: 'user',
    profileImage: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export const adminUser = makeUser({
  _id: '0190d4f2-8b1e-7000-8000-000000000002',
  name: 'Grace Admin',
  email: 'grace@example.com',
  role: 'admin',
});

/** Another account, as the admin's Users tab lists it. */
export function makeAccount(id: string, overrides: Partial<User> = {}): User {
  return makeUser({
    _id: id,
    name: `Person ${id}`,
    email: `person${id}@example.com`,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  });
}

/** A song whose `displayArtist` follows from its artists unless `overrides` gives one. */
export function makeSong(id: string, overrides: Partial<Song> = {}): Song {
  const song: Omit<Song, 'displayArtist'> = {
    _id: id,
    title: `Song ${id}`,
    artist: `Artist ${id}`,
    album: null,
    genre: 'pop',
    releaseYear: 2024,
    duration: 185,
    coverImage: `/media/images/${id}.jpg`,
    audioFile: `/media/audio/${id}.mp3`,
    createdAt: '2025-01-01T00:00:00.000Z',
    albumId: `album-${id}`,
    artists: [{ _id: `artist-${id}`, name: overrides.artist ?? `Artist ${id}`, role: 'main' }],
    trackNumber: null,
    discNumber: null,
    durationMs: (overrides.duration ?? 185) * 1000,
    replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
    genres: [],
    ...overrides,
  };
  return { displayArtist: creditText(song.artist, song.artists), ...song };
}

/** A listener's own playlist (Ada's unless `owner` says otherwise). */
export function makePlaylist(id: string, overrides: Partial<Playlist> = {}): Playlist {
  const owner = makeUser();
  return {
    _id: id,
    name: `Playlist ${id}`,
    description: '',
    coverImage: '/media/defaults/playlist.jpg',
    isPublic: true,
    isDefault: false,
    owner: { _id: owner._id, name: owner.name },
    songCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    coverMosaic: [],
    ...overrides,
  };
}

/** A playlist made in the admin area: owned by the administrator, and Default. */
export function makeAdminPlaylist(id: string, overrides: Partial<Playlist> = {}): Playlist {
  return makePlaylist(id, {
    coverImage: `/media/covers/${id}.jpg`,
    isDefault: true,
    owner: { _id: adminUser._id, name: adminUser.name },
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  });
}

export function makeContactMessage(
  id: string,
  overrides: Partial<ContactMessage> = {},
): ContactMessage {
  return {
    _id: id,
    name: 'Ada',
    email: 'ada@example.com',
    subject: null,
    message: 'Hello',
    issueType: 'other',
    issueTypeLabel: 'Other',
    createdAt: '2025-05-02T09:30:00.000Z',
    ...overrides,
  };
}

export function makeFeedbackEntry(
  id: string,
  overrides: Partial<FeedbackEntry> = {},
): FeedbackEntry {
  return {
    _id: id,
    rating: 4,
    ratingText: 'Good',
    usability: 'easy',
    usabilityText: 'Easy',
    liked: null,
    improvements: null,
    recommend: 'likely',
    recommendText: 'Likely',
    additionalFeedback: null,
    user: 'Anonymous User',
    createdAt: '2025-05-01T09:30:00.000Z',
    ...overrides,
  };
}

/** An album (its tracks are the songs whose `albumId` is its id). */
export function makeAlbum(id: string, overrides: Partial<Album> = {}): Album {
  return {
    _id: id,
    title: `Album ${id}`,
    artist: { _id: `artist-${id}`, name: `Artist ${id}` },
    year: 2024,
    coverImage: `/media/images/album-${id}.jpg`,
    discCount: 1,
    songCount: 0,
    playCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    genres: [],
    releaseTypes: [],
    isCompilation: false,
    releaseDate: null,
    ...overrides,
  };
}

export function makeArtist(id: string, overrides: Partial<Artist> = {}): Artist {
  const name = overrides.name ?? `Artist ${id}`;
  return {
    _id: id,
    name,
    sortName: name,
    albumCount: 0,
    songCount: 0,
    imageUrl: `/media/images/artist-${id}.jpg`,
    ...overrides,
  };
}

export function makeApiKey(id: string, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    name: `App ${id}`,
    createdAt: '2025-05-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

/** A song's lyrics, synced (each line at its start in ms, in time order) unless said otherwise. */
export function makeLyrics(
  songId: string,
  lines: readonly LyricsLine[],
  overrides: Partial<SongLyrics> = {},
): SongLyrics {
  return {
    songId,
    synced: true,
    language: 'eng',
    offsetMs: 0,
    source: 'sidecar',
    lines: [...lines],
    ...overrides,
  };
}

/** Plain lyrics of a song: `text` line by line, untimed. */
export function makePlainLyrics(
  songId: string,
  text: string,
  overrides: Partial<SongLyrics> = {},
): SongLyrics {
  const lines = text.split('\n').map((value) => ({ start: null, value }));
  return makeLyrics(songId, lines, { synced: false, ...overrides });
}
