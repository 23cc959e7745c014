import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong } from '../../../test/songs';
import { createApiKey, parseSubsonicXml, rest, restJson, tokenAuth } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  key = await createApiKey(t, listener);
});
afterAll(() => t.close());

const email = () => listener.user.email;

describe('the Subsonic envelope', () => {
  it('answers XML by default, well-formed, in the Subsonic namespace with the envelope', async () => {
    for (const path of ['ping', 'ping.view']) {
      const res = await rest(t, path, { apiKey: key, c: 'test', v: '1.16.1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(parseSubsonicXml(res.body)).toEqual({
        status: 'ok',
        version: '1.16.1',
        type: 'cadenza',
        serverVersion: expect.any(String),
        openSubsonic: 'true',
      });
    }
  });

  it('answers JSON with f=json and JSONP with f=jsonp&callback', async () => {
    expect(await restJson(t, 'ping', { apiKey: key })).toEqual({
      status: 'ok',
      version: '1.16.1',
      type: 'cadenza',
      serverVersion: expect.any(String),
      openSubsonic: true,
    });
    const jsonp = await rest(t, 'ping', { apiKey: key, f: 'jsonp', callback: 'handle' });
    expect(jsonp.headers['content-type']).toMatch(/^application\/javascript/);
    expect(jsonp.body).toMatch(/^handle\(\{"subsonic-response":\{"status":"ok".*\}\);$/);
    const hostile = await rest(t, 'ping', { apiKey: key, f: 'jsonp', callback: 'alert(1)//' });
    expect(hostile.body).not.toContain('alert(1)');
    expect(hostile.json()['subsonic-response'].error.code).toBe(10);
  });

  it('takes form-encoded POSTs like GETs', async () => {
    const res = await rest(t, 'ping', { apiKey: key, f: 'json' }, 'POST');
    expect(res.json()['subsonic-response'].status).toBe('ok');
  });

  it('answers an unknown endpoint with a Subsonic error, never a 404 page', async () => {
    for (const path of ['noSuchThing', 'noSuchThing.view', 'deep/path', 'toString', '']) {
      const res = await t.app.inject({ url: `/rest/${path}?f=json&apiKey=${key}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.json()['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0 },
      });
    }
  });

  it('lists the OpenSubsonic extensions without signing in', async () => {
    const answer = await restJson(t, 'getOpenSubsonicExtensions', {});
    expect(answer.status).toBe('ok');
    expect(answer.openSubsonicExtensions).toEqual(
      expect.arrayContaining([{ name: 'apiKeyAuthentication', versions: [1] }]),
    );
  });
});

describe('signing in over /rest', () => {
  const failure = async (params: Record<string, string>) => {
    const answer = await restJson(t, 'ping', params);
    expect(answer.status).toBe('failed');
    return (answer.error as { code: number }).code;
  };

  it('signs in with apiKey, and tokenInfo names the account', async () => {
    const answer = await restJson(t, 'tokenInfo', { apiKey: key });
    expect(answer.tokenInfo).toEqual({ username: email() });
  });

  it('signs in with u and p, in clear and as enc:hex', async () => {
    expect((await restJson(t, 'ping', { u: email(), p: key })).status).toBe('ok');
    const hex = Buffer.from(key).toString('hex');
    expect((await restJson(t, 'ping', { u: email().toUpperCase(), p: `enc:${hex}` })).status).toBe(
      'ok',
    );
  });

  it('signs in with u, t and s, and accepts a salt used before', async () => {
    const params = tokenAuth(email(), key, 'reused-salt') as Record<string, string>;
    expect((await restJson(t, 'ping', params)).status).toBe('ok');
    expect((await restJson(t, 'ping', params)).status).toBe('ok');
  });

  it('never takes the account password', async () => {
    expect(await failure({ u: email(), p: listener.password })).toBe(40);
    const hex = Buffer.from(listener.password).toString('hex');
    expect(await failure({ u: email(), p: `enc:${hex}` })).toBe(40);
    expect(await failure(tokenAuth(email(), listener.password) as Record<string, string>)).toBe(40);
  });

  it('refuses another account’s key for this user name', async () => {
    const other = await createUser(t);
    const otherKey = await createApiKey(t, other);
    expect(await failure({ u: email(), p: otherKey })).toBe(40);
    expect(await failure(tokenAuth(email(), otherKey) as Record<string, string>)).toBe(40);
  });

  it('answers each missing or wrong credential with its code', async () => {
    expect(await failure({})).toBe(10);
    expect(await failure({ u: email() })).toBe(10);
    expect(await failure({ u: email(), t: 'abc' })).toBe(10);
    expect(await failure({ u: email(), p: 'enc:zz' })).toBe(40);
    expect(await failure({ u: 'nobody@example.com', p: key })).toBe(40);
    expect(await failure({ apiKey: 'cz_not-a-key' })).toBe(44);
    expect(await failure({ apiKey: key, u: email() })).toBe(43);
  });

  it('stops a revoked key at once', async () => {
    const revocable = await createApiKey(t, listener, 'Old phone');
    expect((await restJson(t, 'ping', { apiKey: revocable })).status).toBe('ok');
    const list = await t.app.inject({ url: '/api/user/api-keys', headers: listener.headers });
    const { id } = list.json().data.find((entry: { name: string }) => entry.name === 'Old phone');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${id}`,
      headers: listener.headers,
    });
    expect(await failure({ apiKey: revocable })).toBe(44);
  });

  it('records when a key was last used', async () => {
    const fresh = await createApiKey(t, listener, 'Fresh');
    await restJson(t, 'ping', { apiKey: fresh });
    const list = await t.app.inject({ url: '/api/user/api-keys', headers: listener.headers });
    const entry = list.json().data.find((item: { name: string }) => item.name === 'Fresh');
    expect(Date.parse(entry.lastUsedAt)).not.toBeNaN();
  });
});

describe('rate limits over /rest', () => {
  it('limits calls per key, with the Subsonic error and Retry-After', async () => {
    const limited = await createTestApp({
      rateLimits: {
        subsonicPerKey: { max: 2, windowMs: 60_000 },
        subsonicPerAddress: { max: 100, windowMs: 60_000 },
      },
    });
    try {
      const user = await createUser(limited);
      const limitedKey = await createApiKey(limited, user);
      const otherKey = await createApiKey(limited, user, 'Other');
      for (let call = 0; call < 2; call += 1) {
        expect((await restJson(limited, 'ping', { apiKey: limitedKey })).status).toBe('ok');
      }
      const over = await rest(limited, 'ping', { apiKey: limitedKey, f: 'json' });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect(over.json()['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0 },
      });
      expect((await restJson(limited, 'ping', { apiKey: otherKey })).status).toBe('ok');
    } finally {
      await limited.close();
    }
  });

  it('counts covers and streams apart from API calls, under limits of their own', async () => {
    const limited = await createTestApp({
      rateLimits: {
        subsonicPerKey: { max: 2, windowMs: 60_000 },
        subsonicPerAddress: { max: 3, windowMs: 60_000 },
        subsonicMediaPerKey: { max: 4, windowMs: 60_000 },
      },
    });
    try {
      const user = await createUser(limited);
      const apiKey = await createApiKey(limited, user);
      const song = await createSong(limited, { title: 'Grid', cover: pngBytes('grid') });
      const cover = { apiKey, id: `al-${song.song.albumId}`, f: 'json' };
      const stream = { apiKey, id: `tr-${song.song._id}`, f: 'json' };
      // More media than either API limit allows, a row of covers and a stream.
      for (const [endpoint, params] of [
        ['getCoverArt', cover],
        ['getCoverArt', cover],
        ['getCoverArt', cover],
        ['stream', stream],
      ] as const) {
        expect((await rest(limited, endpoint, params)).statusCode, endpoint).toBe(200);
      }
      const over = await rest(limited, 'getCoverArt', cover);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0 },
      });
      // The API calls were not used up by them.
      for (let call = 0; call < 2; call += 1) {
        expect((await restJson(limited, 'ping', { apiKey })).status).toBe('ok');
      }
      expect((await rest(limited, 'ping', { apiKey, f: 'json' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits calls per address, signed in or not', async () => {
    const limited = await createTestApp({
      rateLimits: { subsonicPerAddress: { max: 2, windowMs: 60_000 } },
    });
    try {
      await rest(limited, 'getOpenSubsonicExtensions', {});
      await rest(limited, 'ping', {});
      const over = await rest(limited, 'getOpenSubsonicExtensions', { f: 'json' });
      expect(over.statusCode).toBe(429);
      expect(over.json()['subsonic-response'].status).toBe('failed');
    } finally {
      await limited.close();
    }
  });
});

describe('bad input over /rest', () => {
  it('answers hostile values with a Subsonic error, never a 500', async () => {
    const cases: Record<string, string>[] = [
      { u: 'a\u0000b@example.com', p: key },
      { apiKey: `${key}\u0000` },
      { apiKey: key, query: 'x\u0000y' },
      { apiKey: key, type: 'newest', size: '99999999999999999999' },
      { apiKey: key, type: 'newest', offset: '-1' },
      { apiKey: key, id: 'tr-' + 'f'.repeat(5000) },
    ];
    for (const [index, params] of cases.entries()) {
      const endpoint = index === 2 ? 'search3' : index === 5 ? 'getSong' : 'getAlbumList2';
      const res = await rest(t, endpoint, { ...params, f: 'json' });
      expect(res.statusCode, JSON.stringify(params)).toBe(200);
      expect(res.json()['subsonic-response'].status).toBe('failed');
    }
  });

  it('answers a malformed body or an unknown content type with a Subsonic error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/ping?f=json',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'whatever',
    });
    expect(res.json()['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0 } });
  });
});
