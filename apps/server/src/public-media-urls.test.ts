import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../test/factories';
import { jpegBytes } from '../test/media-files';
import { createSong } from '../test/songs';
import { enableSecondFactor } from '../test/second-factor';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Audio is for listeners: a signed audio URL handed to a visitor plays without any login. No
 * answer a visitor can get carries one; the listener's routes still do. A new route that
 * visitors may call must be added to PUBLIC_CALLS, or the completeness test fails.
 */

type Call = Omit<InjectOptions, 'url'> & { readonly url: string };

let t: TestApp;
let listener: CreatedUser;
let admin: CreatedUser;

/** Signs of a playable audio URL: the media path of audio, or the signature of any URL. */
const SIGNED_AUDIO = /\/media\/audio|[?&](signature|expires)=/;

async function resetToken(email: string): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  // The mail goes out after the answer: wait for the outbox to have it.
  await expect.poll(() => fs.existsSync(t.outboxDir) && fs.readdirSync(t.outboxDir).length).toBe(1);
  const [file] = fs.readdirSync(t.outboxDir);
  const mail = fs.readFileSync(path.join(t.outboxDir, file ?? ''), 'utf8').replace(/=\r?\n/g, '');
  const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no reset link in:\n${mail}`);
  return token;
}

/** Every API route a visitor may call, called as a visitor with a request that succeeds. */
const PUBLIC_CALLS: Record<string, () => Promise<Call> | Call> = {
  'GET /api/health': () => ({ method: 'GET', url: '/api/health' }),
  'GET /api/ready': () => ({ method: 'GET', url: '/api/ready' }),
  'GET /api/general/config': () => ({ method: 'GET', url: '/api/general/config' }),
  'GET /api/general/songs': () => ({ method: 'GET', url: '/api/general/songs' }),
  'GET /api/general/stats/quick': () => ({ method: 'GET', url: '/api/general/stats/quick' }),
  'POST /api/auth/register': () => ({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Visitor', email: 'visitor@example.com', password: 'secret-123' },
  }),
  'POST /api/auth/login': () => ({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: listener.user.email, password: listener.password },
  }),
  'POST /api/auth/forgot-password': () => ({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'nobody@example.com' },
  }),
  'PUT /api/auth/reset-password/{resetToken}': async () => ({
    method: 'PUT',
    url: `/api/auth/reset-password/${await resetToken(listener.user.email)}`,
    payload: { password: 'brand-new-secret' },
  }),
  'POST /api/auth/login/second-factor': async () => {
    const account = await createUser(t);
    const factor = await enableSecondFactor(t, account);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: account.password },
    });
    return {
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge: login.json().challenge as string, code: factor.code(1) },
    };
  },
  'POST /api/auth/proxy': () => ({
    method: 'POST',
    url: '/api/auth/proxy',
    headers: { 'remote-email': listener.user.email },
  }),
  'POST /api/support/contact': () => ({
    method: 'POST',
    url: '/api/support/contact',
    payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello', issueType: 'other' },
  }),
  'POST /api/support/feedback': () => ({
    method: 'POST',
    url: '/api/support/feedback',
    payload: { rating: 5, usability: 'easy', recommend: 'likely' },
  }),
  'POST /api/chat': () => ({
    method: 'POST',
    url: '/api/chat',
    payload: { question: 'Which songs and playlists can I play?' },
  }),
};

/**
 * Routes a visitor may call that only send the browser on (to the OpenID provider, or back to
 * the login page): they answer a redirect, or 404 where single sign-on is not set up, never data.
 */
const PUBLIC_REDIRECTS = ['GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback'];

/**
 * Routes a visitor may call with the token of a link sent by mail (an invitation, an e-mail
 * confirmation): a made-up token is refused for what it is, and no answer carries songs.
 */
const PUBLIC_LINK_CHECKS: Record<string, () => Call> = {
  'GET /api/auth/invitations/{token}': () => ({
    method: 'GET',
    url: '/api/auth/invitations/made-up-token',
  }),
  'POST /api/user/account/email/confirm': () => ({
    method: 'POST',
    url: '/api/user/account/email/confirm',
    payload: { token: 'made-up-token' },
  }),
  // A listener's share is the one answer with audio for visitors (decision 100): only for the
  // id of a share a listener made, which is 128 random bits.
  'GET /api/shares/{id}': () => ({ method: 'GET', url: '/api/shares/AAAAAAAAAAAAAAAAAAAAAA' }),
  'POST /api/shares/{id}/plays': () => ({
    method: 'POST',
    url: '/api/shares/AAAAAAAAAAAAAAAAAAAAAA/plays',
    payload: { songId: '00000000-0000-4000-8000-000000000000' },
  }),
};

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_PROXY_HEADER: 'Remote-Email', TRUST_PROXY: '127.0.0.1' },
  });
  listener = await createUser(t);
  admin = await createAdmin(t);
  const songs = [];
  for (let index = 0; index < 3; index += 1) {
    songs.push(await createSong(t, { cover: jpegBytes(`cover ${index}`) }));
  }
  const songIds = songs.map(({ song }) => song._id);
  await createPlaylist(t, admin, { isDefault: true, isPublic: true, songIds });
  await createPlaylist(t, listener, { songIds });
  for (const id of songIds) {
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/songs/${id}/like`,
      headers: listener.headers,
    });
  }
});
afterAll(() => t.close());

async function documentedApiRoutes(): Promise<Array<{ key: string; url: string }>> {
  const res = await t.app.inject({ url: '/api/docs/json' });
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([route]) => route.startsWith('/api/'))
    .flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => ({
        key: `${method.toUpperCase()} ${route}`,
        url: route.replace(/\{[^}]+\}/g, 'some-id'),
      })),
    );
}

describe('media URLs in public answers', () => {
  it('knows every API route a visitor can call: all others answer 401', async () => {
    const unlisted = (await documentedApiRoutes()).filter(
      ({ key }) =>
        !(key in PUBLIC_CALLS) && !PUBLIC_REDIRECTS.includes(key) && !(key in PUBLIC_LINK_CHECKS),
    );
    const open: string[] = [];
    for (const { key, url } of unlisted) {
      const method = key.split(' ')[0] as NonNullable<InjectOptions['method']>;
      const res = await t.app.inject({ method, url });
      if (res.statusCode !== 401) open.push(`${key} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it.each(Object.keys(PUBLIC_LINK_CHECKS))('%s refuses a made-up link', async (key) => {
    const res = await t.app.inject(PUBLIC_LINK_CHECKS[key]!());
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(SIGNED_AUDIO);
  });

  it.each(Object.keys(PUBLIC_CALLS))('%s gives a visitor no signed audio URL', async (key) => {
    const call = await PUBLIC_CALLS[key]!();
    const res = await t.app.inject(call);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.body).not.toMatch(SIGNED_AUDIO);
  });

  it.each(PUBLIC_REDIRECTS)('%s only redirects (or is not set up)', async (key) => {
    const [method, route] = key.split(' ') as [NonNullable<InjectOptions['method']>, string];
    const res = await t.app.inject({ method, url: route });
    expect([302, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(SIGNED_AUDIO);
  });

  it('shows visitors the newest songs with their covers, and no audio', async () => {
    const res = await t.app.inject({ url: '/api/general/songs' });
    const songs = res.json().data as Array<{ coverImage: string; audioFile: unknown }>;
    expect(songs).toHaveLength(3);
    for (const song of songs) {
      expect(song.audioFile).toBeNull();
      expect(song.coverImage).toMatch(/^\/media\/images\//);
    }
  });

  it('still gives listeners signed audio URLs that play, on their own routes', async () => {
    const me = await createUser(t);
    const playlists = await t.app.inject({ url: '/api/user/playlists', headers: me.headers });
    const playlistId = (playlists.json().data as Array<{ _id: string }>)[0]?._id;
    for (const url of [
      '/api/user/songs',
      '/api/user/songs/search?query=song',
      `/api/user/playlists/${playlistId}`,
      '/api/admin/songs',
    ]) {
      const headers = url.startsWith('/api/admin') ? admin.headers : me.headers;
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      const audioUrl = /"audioFile":"([^"]+)"/.exec(res.body)?.[1];
      expect(audioUrl, url).toMatch(/^\/media\/audio\/.+[?&]signature=/);
      const audio = await t.app.inject({ url: audioUrl ?? '' });
      expect(audio.statusCode).toBe(200);
    }
  });
});
