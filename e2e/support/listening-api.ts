import type { Page } from 'playwright-core';
import { ADMIN } from './server';

/** What the journeys read of a listed song. */
export interface ListedSong {
  _id: string;
  title: string;
  album: string | null;
  albumId: string | null;
  trackNumber: number | null;
  audioFile: string;
}

/** Calls the server's API with a bearer token; answers the envelope's `data`. */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  route: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!response.ok)
    throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function adminToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`The admin could not log in: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** The token of the session signed in on the page (kept for the tab, or remembered). */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => sessionStorage.getItem('token') ?? localStorage.getItem('token'),
  );
  if (!token) throw new Error('No one is signed in on the page.');
  return token;
}

/**
 * Waits until the library lists `count` songs of these albums (a scan or an import has ended);
 * answers them.
 */
export async function waitForSongs(
  baseUrl: string,
  token: string,
  albums: readonly string[],
  count: number,
  timeoutMs = 60_000,
): Promise<ListedSong[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await callApi<ListedSong[]>(baseUrl, token, '/api/user/songs?limit=100');
    const songs = listed.filter((song) => song.album !== null && albums.includes(song.album));
    if (songs.length >= count) return songs;
    if (Date.now() > deadline)
      throw new Error(`${songs.length} of ${count} songs listed after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Sets the listener's crossfade, keeping their other player settings. */
export async function setCrossfade(baseUrl: string, token: string, seconds: number) {
  const route = '/api/user/player-settings';
  const settings = await callApi<Record<string, unknown>>(baseUrl, token, route);
  await callApi(baseUrl, token, route, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...settings, crossfadeSeconds: seconds }),
  });
}

/** A playlist of the listener holding these songs in this order; answers its id. */
export async function createPlaylist(
  baseUrl: string,
  token: string,
  name: string,
  songIds: readonly string[],
): Promise<string> {
  const form = new FormData();
  form.set('name', name);
  const { _id } = await callApi<{ _id: string }>(baseUrl, token, '/api/user/playlists', {
    method: 'POST',
    body: form,
  });
  for (const songId of songIds) {
    await callApi(baseUrl, token, `/api/user/playlists/${_id}/songs/${songId}`, { method: 'PUT' });
  }
  return _id;
}
