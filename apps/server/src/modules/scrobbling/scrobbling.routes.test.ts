import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import {
  startFakeScrobblingServices,
  type FakeScrobblingServices,
} from '../../../test/scrobbling-services';
import { createSong } from '../../../test/songs';
import { createApiKey, restJson, tokenAuth } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FIRST_RETRY_MS, LONGEST_WAIT_MS } from './scrobble-sender';

let services: FakeScrobblingServices;
let t: TestApp;
let admin: CreatedUser;
let now = Date.now();
const clock = () => new Date(now);
let env: Record<string, string>;

beforeAll(async () => {
  services = await startFakeScrobblingServices();
  // A silent service is given up on quickly; nothing in these tests waits for it to pass.
  env = { ...services.env, SCROBBLE_TIMEOUT_S: '0.2' };
  t = await createTestApp({ env, clock });
  admin = await createAdmin(t);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/lastfm',
    headers: admin.headers,
    payload: { apiKey: services.lastFm.apiKey, secret: services.lastFm.secret },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await services.close();
});

const drain = (app: TestApp = t) => app.services.scrobbleSender.drain();
const status = async (user: CreatedUser) => {
  const res = await t.app.inject({ url: '/api/user/scrobbling', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    listenBrainz: { userName: string | null; needsReconnect: boolean; waiting: number };
    lastFm: { userName: string | null; needsReconnect: boolean; waiting: number };
    lastFmAvailable: boolean;
  };
};
const connectListenBrainz = (user: CreatedUser, token: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/scrobbling/listenbrainz',
    headers: user.headers,
    payload: { token },
  });
const startLastFm = (user: CreatedUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/scrobbling/lastfm/authorization',
    headers: user.headers,
  });
const finishLastFm = (user: CreatedUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/scrobbling/lastfm/session',
    headers: user.headers,
  });

/** Connects Last.fm as the listener does: start, allow on Last.fm's page, come back. */
async function connectLastFm(user: CreatedUser, lastFmName: string) {
  const started = await startLastFm(user);
  expect(started.statusCode).toBe(200);
  const authUrl = new URL(started.json().data.authUrl as string);
  expect(`${authUrl.origin}${authUrl.pathname}`).toBe('https://www.last.fm/api/auth/');
  expect(authUrl.searchParams.get('api_key')).toBe(services.lastFm.apiKey);
  services.lastFm.allow(authUrl.searchParams.get('token') ?? '', lastFmName);
  const finished = await finishLastFm(user);
  expect(finished.statusCode).toBe(200);
  return finished;
}

let listeners = 0;
/** A listener linked to both services, with their names there. */
async function linkedListener() {
  listeners += 1;
  const user = await createUser(t);
  const lbName = `lb-listener-${listeners}`;
  const lbToken = `lb-token-${listeners}`;
  services.listenBrainz.addToken(lbToken, lbName);
  expect((await connectListenBrainz(user, lbToken)).statusCode).toBe(200);
  const fmName = `fm-listener-${listeners}`;
  await connectLastFm(user, fmName);
  return { user, lbName, lbToken, fmName };
}

const listen = (user: CreatedUser, songId: string, listenedSeconds: number, startedAt = now) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/scrobbling/listens',
    headers: user.headers,
    payload: { songId, startedAt: new Date(startedAt).toISOString(), listenedSeconds },
  });

const lbListensOf = (token: string, type: string) =>
  services.listenBrainz.listens.filter((item) => item.token === token && item.listenType === type);
const fmCallsOf = (method: string, track: string) =>
  services.lastFm.calls.filter((call) => call.method === method && call.track === track);

describe('the Last.fm application in the Settings tab', () => {
  it('tells whether the secret is set, never the secret, and only to administrators', async () => {
    const res = await t.app.inject({ url: '/api/admin/settings/lastfm', headers: admin.headers });
    expect(res.json()).toEqual({
      success: true,
      data: { apiKey: services.lastFm.apiKey, secretSet: true },
    });
    expect(res.body).not.toContain(services.lastFm.secret);
    const keyOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/lastfm',
      headers: admin.headers,
      payload: { apiKey: services.lastFm.apiKey },
    });
    expect(keyOnly.json().data).toEqual({ apiKey: services.lastFm.apiKey, secretSet: true });
    const listener = await createUser(t);
    const refused = await t.app.inject({
      url: '/api/admin/settings/lastfm',
      headers: listener.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect((await status(listener)).lastFmAvailable).toBe(true);
  });
});

describe('connecting', () => {
  it('keeps a ListenBrainz token only once ListenBrainz accepts it', async () => {
    const user = await createUser(t);
    const refused = await connectListenBrainz(user, 'not-a-known-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('scrobbling_token_invalid');
    expect((await status(user)).listenBrainz.userName).toBeNull();

    services.listenBrainz.addToken('good-token', 'ann-on-lb');
    services.listenBrainz.mode = 'down';
    const unavailable = await connectListenBrainz(user, 'good-token');
    expect(unavailable.statusCode).toBe(502);
    expect(unavailable.json().code).toBe('upstream_failed');
    services.listenBrainz.mode = 'up';

    const connected = await connectListenBrainz(user, 'good-token');
    expect(connected.json().data.listenBrainz).toEqual({
      userName: 'ann-on-lb',
      needsReconnect: false,
      waiting: 0,
    });
  });

  it('links Last.fm through its desktop flow: not before the listener allowed it there', async () => {
    const user = await createUser(t);
    expect((await finishLastFm(user)).json().code).toBe('lastfm_not_allowed');
    expect((await startLastFm(user)).statusCode).toBe(200);
    const early = await finishLastFm(user);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('lastfm_not_allowed');
    const connected = await connectLastFm(user, 'ann-on-fm');
    expect(connected.json().data.lastFm).toEqual({
      userName: 'ann-on-fm',
      needsReconnect: false,
      waiting: 0,
    });

    const disconnected = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/scrobbling/lastfm',
      headers: user.headers,
    });
    expect(disconnected.json().data.lastFm.userName).toBeNull();
  });

  it('answers 409 for Last.fm while the administrator has not set it up', async () => {
    const other = await createTestApp({ env });
    const user = await createUser(other);
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/user/scrobbling/lastfm/authorization',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('lastfm_not_configured');
    await other.close();
  });
});

describe('attempts to connect', () => {
  it('are limited per account (429), so that tokens cannot be tried by the thousand', async () => {
    const limited = await createTestApp({
      env,
      rateLimits: { scrobblingConnect: { max: 2, windowMs: 60_000 } },
    });
    const [ann, bob] = [await createUser(limited), await createUser(limited)];
    const attempt = (user: CreatedUser) =>
      limited.app.inject({
        method: 'PUT',
        url: '/api/user/scrobbling/listenbrainz',
        headers: user.headers,
        payload: { token: 'guessed-token' },
      });
    expect((await attempt(ann)).statusCode).toBe(400);
    expect((await attempt(ann)).statusCode).toBe(400);
    const refused = await attempt(ann);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect((await attempt(bob)).statusCode).toBe(400);
    await limited.close();
  });
});

describe('plays from the web player', () => {
  it('say "now playing" when a song starts and scrobble it once it was heard long enough', async () => {
    const { user, lbToken } = await linkedListener();
    const { song } = await createSong(t, {
      title: 'Blue in Green',
      artist: 'Miles Davis',
      album: 'Kind of Blue',
      duration: 337,
    });
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${song._id}/play`,
      headers: user.headers,
    });
    expect(played.statusCode).toBe(200);
    await t.container.afterAnswer.settle();
    expect(lbListensOf(lbToken, 'playing_now')).toEqual([
      expect.objectContaining({
        listenedAt: undefined,
        artist: 'Miles Davis',
        track: 'Blue in Green',
        album: 'Kind of Blue',
        durationMs: 337_000,
      }),
    ]);
    expect(fmCallsOf('track.updateNowPlaying', 'Blue in Green')).toEqual([
      expect.objectContaining({ artist: 'Miles Davis', album: 'Kind of Blue', duration: '337' }),
    ]);

    const startedAt = now - 200_000;
    const early = await listen(user, song._id, 168, startedAt);
    expect(early.json()).toEqual({ success: true, data: { queued: 0 } });
    const heard = await listen(user, song._id, 168.5, startedAt);
    expect(heard.json()).toEqual({ success: true, data: { queued: 2 } });
    const waiting = await status(user);
    expect([waiting.listenBrainz.waiting, waiting.lastFm.waiting]).toEqual([1, 1]);

    expect(await drain()).toBe(2);
    expect(lbListensOf(lbToken, 'single')).toEqual([
      {
        listenType: 'single',
        token: lbToken,
        listenedAt: Math.floor(startedAt / 1000),
        artist: 'Miles Davis',
        track: 'Blue in Green',
        album: 'Kind of Blue',
        durationMs: 337_000,
      },
    ]);
    expect(fmCallsOf('track.scrobble', 'Blue in Green')).toEqual([
      expect.objectContaining({
        artist: 'Miles Davis',
        album: 'Kind of Blue',
        duration: '337',
        timestamp: String(Math.floor(startedAt / 1000)),
      }),
    ]);
    const after = await status(user);
    expect([after.listenBrainz.waiting, after.lastFm.waiting]).toEqual([0, 0]);
  });

  it('count half the song or 4 minutes, whichever comes first, and never a song under 30 s', async () => {
    const { user } = await linkedListener();
    const long = (await createSong(t, { duration: 600 })).song;
    const medium = (await createSong(t, { duration: 100 })).song;
    const short = (await createSong(t, { duration: 29 })).song;
    const queued = async (songId: string, seconds: number) =>
      (await listen(user, songId, seconds)).json().data.queued as number;
    expect(await queued(long._id, 239)).toBe(0);
    expect(await queued(long._id, 240)).toBe(2);
    expect(await queued(medium._id, 49)).toBe(0);
    expect(await queued(medium._id, 50)).toBe(2);
    expect(await queued(short._id, 29)).toBe(0);
    expect(await drain()).toBe(4);
  });

  it('refuse a listen of an unknown song (404) or a malformed one (400)', async () => {
    const { user } = await linkedListener();
    const unknown = await listen(user, '01900000-0000-7000-8000-000000000000', 100);
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/scrobbling/listens',
      headers: user.headers,
      payload: { songId: 'x', startedAt: 'yesterday', listenedSeconds: -1 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid_input');
  });
});

describe('plays from phone apps (/rest/scrobble)', () => {
  it('send "now playing" for submission=false and a scrobble at the time the app gives', async () => {
    const { user, lbToken } = await linkedListener();
    const key = await createApiKey(t, user);
    const auth = { ...tokenAuth(user.user.email, key), v: '1.16.1', c: 'phone' };
    const { song } = await createSong(t, {
      title: 'So What',
      artist: 'Miles Davis',
      album: 'Kind of Blue',
      duration: 562,
    });
    const id = `tr-${song._id}`;
    await restJson(t, 'scrobble', { ...auth, id, submission: false });
    await t.container.afterAnswer.settle();
    expect(lbListensOf(lbToken, 'playing_now').map((item) => item.track)).toEqual(['So What']);
    expect(fmCallsOf('track.updateNowPlaying', 'So What')).toHaveLength(1);

    const time = now - 300_000;
    await restJson(t, 'scrobble', { ...auth, id, time, submission: true });
    expect(await drain()).toBe(2);
    expect(lbListensOf(lbToken, 'single')).toEqual([
      expect.objectContaining({
        listenedAt: Math.floor(time / 1000),
        artist: 'Miles Davis',
        track: 'So What',
        album: 'Kind of Blue',
        durationMs: 562_000,
      }),
    ]);
    expect(fmCallsOf('track.scrobble', 'So What')).toEqual([
      expect.objectContaining({ timestamp: String(Math.floor(time / 1000)), duration: '562' }),
    ]);
  });
});

describe('a service that fails', () => {
  for (const mode of ['down', 'garbage', 'hang'] as const) {
    it(`(${mode}) loses nothing: the listen waits and goes once the service is back`, async () => {
      const { user, lbToken } = await linkedListener();
      const { song } = await createSong(t, { title: `Through ${mode}`, duration: 200 });
      services.listenBrainz.mode = mode;
      services.lastFm.mode = mode;
      const played = await t.app.inject({
        method: 'POST',
        url: `/api/user/songs/${song._id}/play`,
        headers: user.headers,
      });
      expect(played.statusCode).toBe(200);
      expect((await listen(user, song._id, 100)).json().data.queued).toBe(2);
      expect(await drain()).toBe(0);
      const kept = await status(user);
      expect([kept.listenBrainz.waiting, kept.lastFm.waiting]).toEqual([1, 1]);
      expect([kept.listenBrainz.needsReconnect, kept.lastFm.needsReconnect]).toEqual([
        false,
        false,
      ]);

      services.listenBrainz.mode = 'up';
      services.lastFm.mode = 'up';
      await t.container.afterAnswer.settle();
      // Not before its next attempt is due, then at once.
      expect(await drain()).toBe(0);
      now += FIRST_RETRY_MS;
      expect(await drain()).toBe(2);
      expect(lbListensOf(lbToken, 'single').map((item) => item.track)).toEqual([`Through ${mode}`]);
      expect(fmCallsOf('track.scrobble', `Through ${mode}`)).toHaveLength(1);
    });
  }

  it('waits longer after each failure, up to six hours', async () => {
    const { user } = await linkedListener();
    const { song } = await createSong(t, { duration: 200 });
    services.listenBrainz.mode = 'down';
    await t.app.inject({
      method: 'DELETE',
      url: '/api/user/scrobbling/lastfm',
      headers: user.headers,
    });
    await listen(user, song._id, 100);
    const next = async () => {
      const row = await t.database.db
        .selectFrom('scrobble_queue')
        .select(['next_attempt_at', 'attempts'])
        .where('user_id', '=', user.user._id)
        .executeTakeFirstOrThrow();
      return { wait: Number(row.next_attempt_at) - now, attempts: row.attempts };
    };
    const waits: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      await drain();
      const { wait } = await next();
      waits.push(wait);
      now += wait;
    }
    expect(waits.slice(0, 4)).toEqual([
      FIRST_RETRY_MS,
      2 * FIRST_RETRY_MS,
      4 * FIRST_RETRY_MS,
      8 * FIRST_RETRY_MS,
    ]);
    expect(waits.at(-1)).toBe(LONGEST_WAIT_MS);
    expect((await next()).attempts).toBe(12);
    services.listenBrainz.mode = 'up';
    expect(await drain()).toBe(1);
  });
});

describe('a refused token or session', () => {
  it('marks the link for reconnecting and keeps the listens until it is made again', async () => {
    const { user, lbToken, fmName } = await linkedListener();
    const { song } = await createSong(t, { title: 'Kept for later', duration: 200 });
    services.listenBrainz.removeToken(lbToken);
    services.lastFm.revoke(fmName);
    await listen(user, song._id, 150);
    expect(await drain()).toBe(0);
    const marked = await status(user);
    expect(marked.listenBrainz).toEqual({
      userName: expect.any(String),
      needsReconnect: true,
      waiting: 1,
    });
    expect(marked.lastFm).toEqual({ userName: fmName, needsReconnect: true, waiting: 1 });
    // Nothing is tried while the links wait for the listener.
    now += LONGEST_WAIT_MS;
    expect(await drain()).toBe(0);

    services.listenBrainz.addToken('a-new-token', 'reconnected');
    expect((await connectListenBrainz(user, 'a-new-token')).statusCode).toBe(200);
    await connectLastFm(user, fmName);
    expect(await drain()).toBe(2);
    expect(lbListensOf('a-new-token', 'single').map((item) => item.track)).toEqual([
      'Kept for later',
    ]);
    expect(fmCallsOf('track.scrobble', 'Kept for later')).toHaveLength(1);
  });

  it('drops the waiting listens when the listener disconnects instead', async () => {
    const { user, lbToken } = await linkedListener();
    const { song } = await createSong(t, { duration: 200 });
    services.listenBrainz.removeToken(lbToken);
    await listen(user, song._id, 150);
    await drain();
    expect((await status(user)).listenBrainz.needsReconnect).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/scrobbling/listenbrainz',
      headers: user.headers,
    });
    expect(res.json().data.listenBrainz).toEqual({
      userName: null,
      needsReconnect: false,
      waiting: 0,
    });
  });
});

describe('listens queued when the server stops', () => {
  it('are sent by the next server on the same database, and by one node only', async () => {
    const { user, lbToken } = await linkedListener();
    const songs = await Promise.all(
      [1, 2, 3].map((n) => createSong(t, { title: `Across a restart ${n}`, duration: 200 })),
    );
    services.listenBrainz.mode = 'down';
    services.lastFm.mode = 'down';
    for (const { song } of songs) await listen(user, song._id, 150);
    expect(await drain()).toBe(0);

    const restarted = await createTestApp({ nodeOf: t, env, clock });
    const another = await createTestApp({ nodeOf: t, env, clock });
    services.listenBrainz.mode = 'up';
    services.lastFm.mode = 'up';
    now += FIRST_RETRY_MS;
    const sent = await Promise.all([drain(restarted), drain(another)]);
    expect(sent[0] + sent[1]).toBe(6);
    expect(lbListensOf(lbToken, 'single')).toHaveLength(3);
    expect(
      services.lastFm.calls.filter(
        (call) => call.method === 'track.scrobble' && call.track?.startsWith('Across a restart'),
      ),
    ).toHaveLength(3);
    await restarted.close();
    await another.close();
  });

  it('are left to the node sending them while its lease holds', async () => {
    const { user, lbToken } = await linkedListener();
    await t.app.inject({
      method: 'DELETE',
      url: '/api/user/scrobbling/lastfm',
      headers: user.headers,
    });
    // Nodes that wait for a slow service long enough to be caught in the middle of a call.
    const patient = { ...env, SCROBBLE_TIMEOUT_S: '60' };
    const sending = await createTestApp({ nodeOf: t, env: patient, clock });
    const other = await createTestApp({ nodeOf: t, env: patient, clock });
    const { song } = await createSong(t, { title: 'Held in flight', duration: 200 });
    services.listenBrainz.mode = 'hold';
    await listen(user, song._id, 150);
    const first = drain(sending);
    await expect.poll(() => services.listenBrainz.held()).toBe(1);
    expect(await drain(other)).toBe(0);
    services.listenBrainz.releaseHeld();
    expect(await first).toBe(1);
    expect(await drain(other)).toBe(0);
    expect(lbListensOf(lbToken, 'single').map((item) => item.track)).toEqual(['Held in flight']);
    await sending.close();
    await other.close();
  });
});
