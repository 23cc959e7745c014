import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { createSong } from '../../test/songs';
import { createTestApp, type TestApp } from '../../test/test-app';

const SHELL = '<!doctype html><title>Cadenza</title><div id="root"></div>';
const LANDING = '<!doctype html><title>Cadenza</title><div id="root"><h1>Newest Members</h1></div>';

let t: TestApp;
let listener: CreatedUser;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.mkdirSync(path.join(webRoot, 'prerendered'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL);
  fs.writeFileSync(path.join(webRoot, 'prerendered/index.html'), LANDING);
  fs.writeFileSync(path.join(webRoot, 'prerendered/home.html'), LANDING);
  t = await createTestApp({ webRoot, env: { SITE_MODE: 'private' } });
  listener = await createUser(t, { name: 'Private Member' });
  await createSong(t, { title: 'Private Song' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('a private site (SITE_MODE=private)', () => {
  it('shows visitors nothing of its members or library (401)', async () => {
    for (const url of ['/api/general/songs', '/api/general/stats/quick']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('unauthorized');
      expect(res.body).not.toMatch(/Private (Member|Song)/);
    }
    for (const [url, payload] of [
      ['/api/support/contact', { name: 'A', email: 'a@example.com', message: 'Hello there' }],
      ['/api/chat', { message: 'hello' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers its members as a public site would', async () => {
    const quick = await get('/api/general/stats/quick', listener.headers);
    expect(quick.statusCode).toBe(200);
    expect(quick.body).toContain('Private Member');
    expect((await get('/api/general/songs', listener.headers)).statusCode).toBe(200);
  });

  it('keeps what the login page needs open: config, login, forgot password, health', async () => {
    const config = await get('/api/general/config');
    expect(config.statusCode).toBe(200);
    expect(config.json().data).toMatchObject({ siteMode: 'private', registration: 'open' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: listener.user.email, password: listener.password },
    });
    expect(login.statusCode).toBe(200);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('sends / to the login page, paints no landing page ahead, and asks crawlers to stay away', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/login');
    const home = await get('/home');
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(SHELL);
    const robots = await get('/robots.txt');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
  });
});
