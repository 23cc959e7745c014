import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let auth: RestParams;
let song: CreatedSong;

const ELSEWHERE = 'https://player.example.org';

beforeAll(async () => {
  t = await createTestApp();
  const listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'web-client', f: 'json' };
  song = await createSong(t, { title: 'Across', artist: 'Origins', cover: pngBytes('cors') });
});
afterAll(() => t.close());

const restUrl = (endpoint: string, params: RestParams = {}) =>
  `/rest/${endpoint}?${new URLSearchParams(
    Object.entries({ ...auth, ...params }).map(([name, value]): [string, string] => [
      name,
      String(value),
    ]),
  ).toString()}`;

/** What a browser sends before a call it may not make unasked. */
const preflight = (url: string, method: string, headers?: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: ELSEWHERE,
      'access-control-request-method': method,
      ...(headers === undefined ? {} : { 'access-control-request-headers': headers }),
    },
  });

describe('/rest for clients in a browser on another origin', () => {
  it('allows any origin on its answers, failures included, and lets media be embedded', async () => {
    for (const url of [
      restUrl('ping'),
      restUrl('getAlbumList2', { type: 'newest' }),
      restUrl('stream', { id: `tr-${song.song._id}` }),
      restUrl('download', { id: `tr-${song.song._id}` }),
      restUrl('getCoverArt', { id: `al-${song.song.albumId}` }),
      // Wrong credentials, and a name the API does not have.
      `/rest/ping?apiKey=wrong&c=web-client&f=json`,
      restUrl('noSuchEndpoint'),
    ]) {
      const res = await t.app.inject({ url, headers: { origin: ELSEWHERE } });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      // No cookie is read, so none is invited.
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const stream = await t.app.inject({
      url: restUrl('stream', { id: `tr-${song.song._id}` }),
      headers: { origin: ELSEWHERE, range: 'bytes=0-9' },
    });
    expect(stream.statusCode).toBe(206);
    // A page's script may read where the part it got sits in the file.
    expect(String(stream.headers['access-control-expose-headers'])).toContain('Content-Range');
  });

  it('answers a preflight with the methods the protocol uses and the headers asked for', async () => {
    const res = await preflight('/rest/getTranscodeDecision.view', 'POST', 'content-type, range');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('content-type, range');
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(res.body).toBe('');

    // A header list that is not one is not echoed.
    const odd = await preflight('/rest/ping', 'GET', 'x-a\r\nset-cookie: b');
    expect(odd.statusCode).toBe(204);
    expect(odd.headers['access-control-allow-headers']).toBe('Content-Type');
  });

  it('leaves /api to its own origin', async () => {
    const api = await t.app.inject({ url: '/api/health', headers: { origin: ELSEWHERE } });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    const asked = await preflight('/api/user/songs', 'GET');
    expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    expect(asked.headers['access-control-allow-methods']).toBeUndefined();
  });
});
