import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { audioTime } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { adminToken, callApi } from './support/listening-api';

/**
 * A Subsonic client built for the browser (a web build of an app) is served from its own origin
 * and talks to /rest with a key: its page pings, lists albums, shows a cover and plays a stream.
 * /api stays closed to it.
 */

const demo = useDemoServer();

/** An empty page on another origin (another port of loopback): where the client runs. */
async function startClientOrigin(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Web client</title><img alt="Cover"><audio></audio></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface ClientRun {
  ping: string;
  albums: number;
  coverArt: string;
  songId: string;
  apiRefused: boolean;
}

describe('/rest from a page on another origin', () => {
  it('pings, lists albums, shows a cover and plays a stream; /api refuses it', async () => {
    const token = await adminToken(demo.server.url);
    const { key } = await callApi<{ key: string }>(demo.server.url, token, '/api/user/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Web client' }),
    });
    const origin = await startClientOrigin();
    const context = await demo.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(origin.url);
      expect(new URL(origin.url).origin).not.toBe(new URL(demo.server.url).origin);

      const run = await page.evaluate(
        async ({ base, apiKey }): Promise<ClientRun> => {
          const urlOf = (endpoint: string, params: Record<string, string>) =>
            `${base}/rest/${endpoint}?${new URLSearchParams({ apiKey, c: 'web-build', v: '1.16.1', ...params }).toString()}`;
          const call = async (endpoint: string, params: Record<string, string> = {}) => {
            const response = await fetch(urlOf(endpoint, { f: 'json', ...params }));
            return ((await response.json()) as { 'subsonic-response': Record<string, unknown> })[
              'subsonic-response'
            ];
          };
          const ping = await call('ping');
          const list = await call('getAlbumList2', { type: 'alphabeticalByName', size: '20' });
          const albums = (list.albumList2 as { album: { id: string; coverArt: string }[] }).album;
          const first = albums[0]!;
          const album = await call('getAlbum', { id: first.id });
          const songId = (album.album as { song: { id: string }[] }).song[0]!.id;
          document.querySelector('img')!.src = urlOf('getCoverArt', { id: first.coverArt });
          const audio = document.querySelector('audio')!;
          audio.src = urlOf('stream', { id: songId });
          await audio.play();
          const apiRefused = await fetch(`${base}/api/user/songs`).then(
            () => false,
            () => true,
          );
          return {
            ping: String(ping.status),
            albums: albums.length,
            coverArt: first.coverArt,
            songId,
            apiRefused,
          };
        },
        { base: demo.server.url, apiKey: key },
      );
      expect(run).toMatchObject({ ping: 'ok', apiRefused: true });
      expect(run.albums).toBe(7);

      // The cover came in as a picture; the stream sounds on.
      await expect
        .poll(() => page.evaluate(() => document.querySelector('img')!.naturalWidth))
        .toBeGreaterThan(0);
      await expect.poll(() => audioTime(page)).toBeGreaterThan(0.3);
    } finally {
      await context.close();
      await origin.close();
    }
  });
});
