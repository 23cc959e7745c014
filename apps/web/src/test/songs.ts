import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';

export function makeSong(id: string, overrides: Partial<Song> = {}): Song {
  return {
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
    ...overrides,
  };
}

export function makePlaylist(id: string, overrides: Partial<Playlist> = {}): Playlist {
  return {
    _id: id,
    name: `Playlist ${id}`,
    description: '',
    coverImage: '/media/defaults/playlist.jpg',
    isPublic: true,
    isDefault: false,
    owner: { _id: '0190d4f2-8b1e-7000-8000-000000000001', name: 'Ada Listener' },
    songCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
