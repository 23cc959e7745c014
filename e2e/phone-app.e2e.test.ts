import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { launchBrowser, openPage, screenshot, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * A listener makes a key for a phone app in the dashboard's Apps section, then the app (plain
 * fetch, no browser) signs in to the Subsonic API under /rest with the e-mail and a token made
 * from the key, browses, streams part of a song and scrobbles it.
 */

const LISTENER = { name: 'Pia Phone', email: 'pia.phone@example.com', password: 'phone-pass-1' };
const APP = 'Symfonium on my phone';

let server: RunningServer;
let browser: Browser;
let tracked: TrackedPage;

beforeAll(async () => {
  server = await startServer({ DEMO_LIBRARY: 'true' });
  browser = await launchBrowser();
  tracked = await openPage(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Json = Record<string, unknown>;

/** The Subsonic answer's body; anything but status "ok" fails with the server's own error. */
function okBody(payload: unknown, what: string): Json {
  const body = (payload as { 'subsonic-response'?: Json })['subsonic-response'];
  if (!body) throw new Error(`${what}: not a Subsonic answer: ${JSON.stringify(payload)}`);
  if (body.status !== 'ok') throw new Error(`${what}: ${JSON.stringify(body.error ?? body)}`);
  return body;
}

/** A /rest address signed the way most apps sign: u, t = md5(key + salt), s, JSON answers. */
function restUrl(key: string, method: string, params: Record<string, string> = {}): string {
  const salt = randomBytes(6).toString('hex');
  const token = createHash('md5')
    .update(key + salt)
    .digest('hex');
  const query = new URLSearchParams({
    u: LISTENER.email,
    t: token,
    s: salt,
    v: '1.16.1',
    c: 'phone-app-journey',
    f: 'json',
    ...params,
  });
  return `${server.url}/rest/${method}?${query.toString()}`;
}

async function rest(key: string, method: string, params: Record<string, string> = {}) {
  const response = await fetch(restUrl(key, method, params));
  expect(response.status, `${method} answers 200`).toBe(200);
  return okBody(await response.json(), method);
}

async function webToken(): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: LISTENER.email, password: LISTENER.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function webApi<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Makes a key in the Apps section (reached from the sidebar) and reads it from the dialog. */
async function createKeyInBrowser(page: Page): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Your library' })
    .getByRole('link', { name: 'Apps' })
    .click();
  await page.waitForURL('**/user/dashboard?tab=apps');
  await page.getByRole('heading', { name: 'Use a phone app' }).waitFor();
  await page.getByRole('button', { name: 'Create your first key' }).click();

  const form = page.getByRole('dialog', { name: 'New app key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(APP);
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: `Key for ${APP}` });
  await shown.waitFor();
  const key = await shown.getByRole('textbox', { name: /^Key/ }).inputValue();
  expect(await shown.getByRole('textbox', { name: 'Server' }).inputValue()).toBe(server.url);
  expect(await shown.getByRole('textbox', { name: 'User name' }).inputValue()).toBe(LISTENER.email);
  await screenshot(page, 'phone-app-new-key', { fullPage: false });
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });

  const row = page.getByRole('list', { name: 'Your app keys' }).getByRole('listitem');
  await expect.poll(() => row.count()).toBe(1);
  expect(await row.innerText()).toContain('Never used');
  // The key is nowhere on the page once the dialog is closed.
  expect(await page.content()).not.toContain(key);
  return key;
}

interface SubsonicSong {
  id: string;
  title: string;
}

describe('a phone app signs in with a key from the Apps section', () => {
  it('browses, streams a range of a song and scrobbles it with a token made from the key', async () => {
    const { page, problems } = tracked;
    await signUp(page, LISTENER);
    const key = await createKeyInBrowser(page);
    expect(key.length).toBeGreaterThan(20);

    // From here on, no browser: what a phone app does.
    const ping = await rest(key, 'ping');
    expect(ping.openSubsonic).toBe(true);

    // The account password is never a Subsonic password.
    const refused = await fetch(
      restUrl(LISTENER.password, 'ping').replace(/t=[^&]+/, `p=${LISTENER.password}`),
    );
    const refusal = (await refused.json()) as { 'subsonic-response': Json };
    expect(refusal['subsonic-response'].status).toBe('failed');

    const artists = (await rest(key, 'getArtists')).artists as {
      index: { artist: { id: string; name: string; albumCount: number }[] }[];
    };
    const artist = artists.index.flatMap((index) => index.artist).find((a) => a.albumCount > 0);
    if (!artist) throw new Error('getArtists listed no artist with an album');

    const withAlbums = (await rest(key, 'getArtist', { id: artist.id })).artist as {
      album: { id: string }[];
    };
    const albumId = withAlbums.album[0]?.id;
    if (!albumId) throw new Error(`getArtist ${artist.name} listed no album`);

    const album = (await rest(key, 'getAlbum', { id: albumId })).album as {
      song: SubsonicSong[];
    };
    const song = album.song[0];
    if (!song) throw new Error('getAlbum listed no song');

    // The same song through the web API: its file as /media serves it.
    const token = await webToken();
    const cadenzaAlbumId = albumId.replace(/^al-/, '');
    const cadenzaSongId = song.id.replace(/^tr-/, '');
    const detail = await webApi<{ data: { songs: { _id: string; audioFile: string }[] } }>(
      token,
      `/api/user/albums/${cadenzaAlbumId}`,
    );
    const webSong = detail.data.songs.find((entry) => entry._id === cadenzaSongId);
    if (!webSong) throw new Error(`the web API's album has no song ${cadenzaSongId}`);
    const media = await fetch(new URL(webSong.audioFile, server.url));
    expect(media.status).toBe(200);
    const file = Buffer.from(await media.arrayBuffer());
    expect(file.length).toBeGreaterThan(4096);

    const stream = await fetch(restUrl(key, 'stream', { id: song.id }), {
      headers: { Range: 'bytes=1024-4095' },
    });
    expect(stream.status).toBe(206);
    expect(stream.headers.get('content-range')).toBe(`bytes 1024-4095/${file.length}`);
    expect(Buffer.from(await stream.arrayBuffer()).equals(file.subarray(1024, 4096))).toBe(true);

    await rest(key, 'scrobble', { id: song.id, submission: 'true' });
    const recent = await webApi<{ data: { song: { _id: string } }[] }>(
      token,
      '/api/user/songs/recently-played',
    );
    expect(recent.data.map((entry) => entry.song._id)).toContain(cadenzaSongId);

    // Back in the browser, the key now says when it was last used.
    await page.reload();
    const row = page.getByRole('list', { name: 'Your app keys' }).getByRole('listitem');
    await expect.poll(() => row.innerText()).toContain('Last used just now');
    expect(problems).toEqual([]);
  });
});
