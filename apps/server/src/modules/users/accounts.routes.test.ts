import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createApiKey, rest, type SubsonicJson } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { name: 'Root' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const profile = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/user/profile', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const setStatus = (id: string, disabled: boolean) =>
  asAdmin('PUT', `/api/admin/users/${id}/status`, { disabled });
const setRole = (id: string, role: 'user' | 'admin') =>
  asAdmin('PUT', `/api/admin/users/${id}/role`, { role });

describe('POST /api/admin/users (a temporary password)', () => {
  it('creates the account, whose first login must choose a new password before anything else', async () => {
    const email = `temp.${Date.now()}@Example.com`;
    const created = await asAdmin('POST', '/api/admin/users', {
      name: 'Temp',
      email,
      password: 'given-123',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Temp',
      email: email.toLowerCase(),
      role: 'user',
      disabled: false,
      passwordChangeRequired: true,
      lastActiveAt: null,
    });

    const first = await login(email, 'given-123');
    expect(first.statusCode).toBe(200);
    expect(first.json().passwordChangeRequired).toBe(true);
    const session = bearer(first.json().token as string);
    const refused = await profile(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      code: 'password_change_required',
      message: 'Please choose a new password to continue.',
    });

    const tooShort = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/initial-password',
      headers: session,
      payload: { password: 'abc' },
    });
    expect(tooShort.statusCode).toBe(400);

    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/initial-password',
      headers: session,
      payload: { password: 'my-own-456' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).not.toHaveProperty('passwordChangeRequired');
    expect((await profile(session)).statusCode).toBe(401);
    expect((await profile(bearer(chosen.json().token as string))).statusCode).toBe(200);
    expect((await login(email, 'given-123')).statusCode).toBe(401);
    expect((await login(email, 'my-own-456')).json()).not.toHaveProperty('passwordChangeRequired');
  });

  it('refuses a taken address (409), a short password (400), and listeners (403)', async () => {
    const taken = await asAdmin('POST', '/api/admin/users', {
      name: 'Again',
      email: admin.user.email.toUpperCase(),
      password: 'given-123',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    const short = await asAdmin('POST', '/api/admin/users', {
      name: 'Short',
      email: 'short@example.com',
      password: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({
      field: 'password',
      message: 'Password must be at least 6 characters',
    });
  });

  it('refuses a temporary password from the lists of breached passwords', async () => {
    const common = await asAdmin('POST', '/api/admin/users', {
      name: 'Common',
      email: 'common@example.com',
      password: 'iloveyou',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('password_too_common');
  });

  it('refuses to set a password through initial-password when it is not a temporary one', async () => {
    const { headers } = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/initial-password',
      headers,
      payload: { password: 'another-123' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('promotes and demotes, and the new role counts at once', async () => {
    const member = await createUser(t);
    const promoted = await setRole(member.user._id, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data.role).toBe('admin');
    const list = () => t.app.inject({ url: '/api/admin/users', headers: member.headers });
    expect((await list()).statusCode).toBe(200);
    expect((await setRole(member.user._id, 'user')).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });

  it('never demotes or disables the last active administrator (409 last_admin)', async () => {
    const single = await createTestApp();
    try {
      const only = await createAdmin(single);
      const disabledAdmin = await createAdmin(single);
      const as = (url: string, payload: Record<string, unknown>) =>
        single.app.inject({ method: 'PUT', url, headers: only.headers, payload });
      const off = await as(`/api/admin/users/${disabledAdmin.user._id}/status`, {
        disabled: true,
      });
      expect(off.statusCode).toBe(200);
      // A disabled administrator does not count: `only` is the last active one.
      for (const [url, payload] of [
        [`/api/admin/users/${only.user._id}/role`, { role: 'user' }],
        [`/api/admin/users/${only.user._id}/status`, { disabled: true }],
      ] as const) {
        const res = await as(url, payload);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          success: false,
          code: 'last_admin',
          message: 'The last active administrator cannot be demoted or disabled.',
        });
      }
      expect(
        (await single.app.inject({ url: '/api/admin/users', headers: only.headers })).statusCode,
      ).toBe(200);
    } finally {
      await single.close();
    }
  });

  it('lets only one of two administrators demoting each other at once succeed', async () => {
    const race = await createTestApp();
    try {
      const [a, b] = [await createAdmin(race), await createAdmin(race)];
      const demote = (by: CreatedUser, whom: CreatedUser) =>
        race.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${whom.user._id}/role`,
          headers: by.headers,
          payload: { role: 'user' },
        });
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      const statuses = answers.map((res) => res.statusCode).sort();
      // Either the second is refused as the last admin, or its caller was demoted first (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await race.database.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('answers 404 for an unknown account and 400 for an unknown role', async () => {
    const unknown = await setRole('0190a0a0-0000-7000-8000-000000000000', 'user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('user_not_found');
    const member = await createUser(t);
    const bad = await asAdmin('PUT', `/api/admin/users/${member.user._id}/role`, {
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/users/:id/status', () => {
  it('disables an account: sessions and app keys stop at once, login says why; enabling lets it log in again', async () => {
    const member = await createUser(t);
    const key = await createApiKey(t, member);
    expect((await profile(member.headers)).statusCode).toBe(200);

    const off = await setStatus(member.user._id, true);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.disabled).toBe(true);

    expect((await profile(member.headers)).statusCode).toBe(401);
    const ping = (await rest(t, 'ping', { apiKey: key, f: 'json' })).json()[
      'subsonic-response'
    ] as SubsonicJson;
    expect(ping.status).toBe('failed');
    expect(ping.error).toEqual({
      code: 50,
      message: 'This account has been disabled by the administrator',
    });
    const refused = await login(member.user.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_disabled');
    const wrong = await login(member.user.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);

    const on = await setStatus(member.user._id, false);
    expect(on.json().data.disabled).toBe(false);
    // The sessions ended stay ended; a new login and the app keys work again.
    expect((await profile(member.headers)).statusCode).toBe(401);
    const again = await login(member.user.email, member.password);
    expect(again.statusCode).toBe(200);
    const pong = (await rest(t, 'ping', { apiKey: key, f: 'json' })).json()[
      'subsonic-response'
    ] as SubsonicJson;
    expect(pong.status).toBe('ok');
  });
});

describe('changes that change nothing', () => {
  it('answer the account as it is: disabling twice, enabling an active one, the same role', async () => {
    const member = await createUser(t);
    for (const res of [
      await setStatus(member.user._id, false),
      await setStatus(member.user._id, true),
      await setStatus(member.user._id, true),
      await setRole(member.user._id, 'user'),
    ]) {
      expect(res.statusCode).toBe(200);
    }
    expect((await setStatus(member.user._id, true)).json().data.disabled).toBe(true);
  });
});

describe('POST /api/admin/users/:id/password-reset', () => {
  it('mails the account a reset link that works', async () => {
    const member = await createUser(t);
    const before = fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir).length : 0;
    const res = await asAdmin('POST', `/api/admin/users/${member.user._id}/password-reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'A password reset link has been sent.' });
    const files = fs.readdirSync(t.outboxDir).sort().slice(before);
    const mail = files
      .map((file) => fs.readFileSync(path.join(t.outboxDir, file), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes(member.user.email));
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'after-reset-1' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    const res = await asAdmin(
      'POST',
      '/api/admin/users/0190a0a0-0000-7000-8000-000000000000/password-reset',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('last activity', () => {
  it('is written when the account uses the web API or an app key', async () => {
    const web = await createUser(t);
    const app = await createUser(t);
    // Made without the web API, so that only the app's use is seen.
    const { key } = await t.services.apiKeys.create(app.user._id, 'Phone');
    const lastActive = async (id: string) => {
      const res = await asAdmin('GET', '/api/admin/users?limit=100');
      const users = res.json().data as { _id: string; lastActiveAt: string | null }[];
      return users.find((user) => user._id === id)?.lastActiveAt;
    };
    expect(await lastActive(web.user._id)).toBeNull();
    expect(await lastActive(app.user._id)).toBeNull();

    await profile(web.headers);
    expect(await lastActive(web.user._id)).not.toBeNull();
    expect(await lastActive(app.user._id)).toBeNull();
    await rest(t, 'ping', { apiKey: key, f: 'json' });
    expect(await lastActive(app.user._id)).not.toBeNull();
  });
});
