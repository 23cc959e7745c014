import type { Playlist, PlaylistWithSongs } from '@cadenza/contract/playlists';
import type { Profile } from '@cadenza/contract/profile';
import type { Song } from '@cadenza/contract/songs';
import { vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch } from './render-app';

export interface ListenerData {
  songs?: Song[];
  recent?: Song[];
  playlists?: Playlist[];
  playlist?: PlaylistWithSongs;
  liked?: Song[];
  saved?: Song[];
  searchResults?: Song[];
  /** Paths (method + path without the query) answered with this status instead. */
  failures?: Record<string, number>;
}

/** A fake listener API for screen tests: answers every call of SPEC.md §7 from `data`. */
export function mockListenerApi(data: ListenerData = {}) {
  const user = makeUser();
  const profile: Profile = { ...user, likedSongs: data.liked ?? [], savedSongs: data.saved ?? [] };
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const { pathname } = new URL(url, 'http://localhost');
    const failure = data.failures?.[`${method} ${pathname}`];
    if (failure) return jsonResponse(failure, { success: false, message: '' });
    if (method === 'GET' && pathname === '/api/user/profile') {
      return jsonResponse(200, { success: true, data: profile });
    }
    if (method === 'GET' && pathname === '/api/user/songs') {
      return jsonResponse(200, { success: true, data: data.songs ?? [] });
    }
    if (method === 'GET' && pathname === '/api/user/songs/recently-played') {
      const entries = (data.recent ?? []).map((song) => ({ song, playedAt: song.createdAt }));
      return jsonResponse(200, { success: true, data: entries });
    }
    if (method === 'GET' && pathname === '/api/user/songs/search') {
      return jsonResponse(200, { success: true, data: data.searchResults ?? [] });
    }
    if (method === 'GET' && pathname === '/api/user/playlists') {
      return jsonResponse(200, { success: true, data: data.playlists ?? [] });
    }
    if (method === 'GET' && pathname.startsWith('/api/user/playlists/') && data.playlist) {
      return jsonResponse(200, { success: true, data: data.playlist });
    }
    if (method === 'PUT' && pathname.endsWith('/like')) {
      return jsonResponse(200, { success: true, liked: true });
    }
    if (method === 'PUT' && pathname.endsWith('/save')) {
      return jsonResponse(200, { success: true, saved: true });
    }
    if (method === 'POST' && pathname === '/api/user/playlists') {
      return jsonResponse(201, { success: true, data: data.playlists?.[0] ?? {} });
    }
    return jsonResponse(200, { success: true, message: 'OK' });
  });
}

/** jsdom has no media playback: play/pause/load become harmless stubs. */
export function stubMediaElement() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}
