import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { resetPassword, resetTokenFor } from '../../../test/sessions';
import { createApiKey, rest, tokenAuth } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Time as the account rules see it: moved forward by tests instead of waiting. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  offsetMs = 0;
});

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(
  user: CreatedUser,
  options: { agent?: string; address?: string; password?: string } = {},
): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': options.agent ?? FIREFOX_LINUX },
    ...(options.address ? { remoteAddress: options.address } : {}),
    payload: { email: user.user.email, password: options.password ?? user.password },
  });
  expect(res.statusCode).toBe(200);
  return bearer(res.json().token as string);
}

const profile = (headers: { authorization: string }) =>
  t.app.inject({ url: '/api/user/profile', headers });

interface ListedSession {
  id: string;
  device: string;
  place: string;
  current: boolean;
  signedInAt: string;
  lastSeenAt: string;
}

async function sessions(headers: { authorization: string }): Promise<ListedSession[]> {
  const res = await t.app.inject({ url: '/api/user/account/sessions', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as ListedSession[];
}

function changePassword(
  headers: { authorization: string },
  payload: { currentPassword: string; newPassword: string; keepAppKeys?: boolean },
) {
  return t.app.inject({ method: 'PUT', url: '/api/user/account/password', headers, payload });
}

async function keyWorks(user: { email: string }, key: string): Promise<boolean> {
  const res = await rest(t, 'ping', { ...tokenAuth(user.email, key), f: 'json' });
  return (res.json()['subsonic-response'] as { status: string }).status === 'ok';
}

function outboxFiles(): string[] {
  return fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir).sort() : [];
}

/** The mails written to the outbox while `work` ran, decoded enough to read links. */
async function mailsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(outboxFiles());
  await work();
  return outboxFiles()
    .filter((file) => !before.has(file))
    .map((file) =>
      fs
        .readFileSync(path.join(t.outboxDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

const CONFIRM_LINK = /http:\/\/cadenza\.test\/account\/confirm-email\/([A-Za-z0-9_-]+)/;

describe('the account name', () => {
  it('is changed by its owner, trimmed', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/account/name',
      headers: user.headers,
      payload: { name: '  Ada Lovelace ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ada Lovelace', email: user.user.email });
    expect((await profile(user.headers)).json().data.name).toBe('Ada Lovelace');
  });

  it('must not be empty', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/account/name',
      headers: user.headers,
      payload: { name: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'name', message: 'Name is required' });
  });
});

describe('the sessions signed in', () => {
  it('are listed with their device and address, the caller’s marked', async () => {
    const user = await createUser(t);
    const laptop = await login(user, { agent: FIREFOX_LINUX, address: '203.0.113.7' });
    await login(user, { agent: SAFARI_IPHONE, address: '2001:db8:5:6:7:8:9:10' });
    const listed = await sessions(laptop);
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toEqual([
      expect.objectContaining({ device: 'Firefox on Linux', place: '203.0.113.7' }),
    ]);
    expect(listed).toContainEqual(
      expect.objectContaining({
        device: 'Safari on iOS',
        place: '2001:db8:5:6::/64',
        current: false,
      }),
    );
    // Nobody else's sessions.
    const other = await createUser(t);
    expect(await sessions(other.headers)).toHaveLength(1);
  });

  it('shows a session from the local network as “This network”, not its address', async () => {
    const user = await createUser(t);
    const home = await login(user, { agent: FIREFOX_LINUX, address: '192.168.1.20' });
    await login(user, { agent: SAFARI_IPHONE, address: '::1' });
    const listed = await sessions(home);
    expect(listed.find((session) => session.current)).toMatchObject({ place: 'This network' });
    expect(listed).toContainEqual(
      expect.objectContaining({ device: 'Safari on iOS', place: 'This network' }),
    );
    expect(JSON.stringify(listed)).not.toContain('192.168.1.20');
  });

  it('end one at a time: the session signed out is refused at once', async () => {
    const user = await createUser(t);
    const phone = await login(user, { agent: SAFARI_IPHONE });
    const phoneId = (await sessions(phone)).find((session) => session.current)?.id;
    expect((await profile(phone)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/account/sessions/${phoneId}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(user.headers)).statusCode).toBe(200);
    expect((await sessions(user.headers)).map((session) => session.id)).not.toContain(phoneId);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/account/sessions/${phoneId}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('session_not_found');
  });

  it('of someone else cannot be signed out', async () => {
    const owner = await createUser(t);
    const ownerSession = await login(owner);
    const ownerId = (await sessions(ownerSession)).find((session) => session.current)?.id;
    const stranger = await createUser(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/account/sessions/${ownerId}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await profile(ownerSession)).statusCode).toBe(200);
  });

  it('all but the caller’s end together; the caller goes on with the answered token', async () => {
    const user = await createUser(t);
    const phone = await login(user, { agent: SAFARI_IPHONE });
    const tablet = await login(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/sessions/sign-out-others',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const renewed = bearer(res.json().token as string);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(tablet)).statusCode).toBe(401);
    expect((await profile(renewed)).statusCode).toBe(200);
    const listed = await sessions(renewed);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.current).toBe(true);
  });

  it('write their last activity at most once a minute', async () => {
    const user = await createUser(t);
    const session = await login(user);
    const lastSeen = async () => (await sessions(session)).find((s) => s.current)?.lastSeenAt;
    const first = await lastSeen();
    offsetMs = 30_000;
    expect(await lastSeen()).toBe(first);
    offsetMs = 61_000;
    await profile(session);
    const later = await lastSeen();
    expect(Date.parse(later ?? '')).toBeGreaterThanOrEqual(Date.parse(first ?? '') + 60_000);
  });
});

describe('changing the password', () => {
  it('needs the current password', async () => {
    const user = await createUser(t);
    const res = await changePassword(user.headers, {
      currentPassword: 'not-the-password',
      newPassword: 'a-new-secret-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_current_password' });
    expect(res.json().errors[0]).toMatchObject({ field: 'currentPassword' });
    expect((await profile(user.headers)).statusCode).toBe(200);
  });

  it('follows the rule of new passwords', async () => {
    const user = await createUser(t);
    const res = await changePassword(user.headers, {
      currentPassword: user.password,
      newPassword: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      field: 'newPassword',
      message: 'Password must be at least 6 characters',
    });
  });

  it('refuses a password from the lists of breached passwords', async () => {
    const user = await createUser(t);
    const res = await changePassword(user.headers, {
      currentPassword: user.password,
      newPassword: 'password123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('password_too_common');
  });

  it('signs out every other session and revokes every app key', async () => {
    const user = await createUser(t);
    const phone = await login(user, { agent: SAFARI_IPHONE });
    const key = await createApiKey(t, user);
    expect(await keyWorks(user.user, key)).toBe(true);

    const res = await changePassword(user.headers, {
      currentPassword: user.password,
      newPassword: 'a-new-secret-1',
    });
    expect(res.statusCode).toBe(200);
    const renewed = bearer(res.json().token as string);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(user.headers)).statusCode).toBe(401);
    expect((await profile(renewed)).statusCode).toBe(200);
    expect(await keyWorks(user.user, key)).toBe(false);
    const keys = await t.app.inject({ url: '/api/user/api-keys', headers: renewed });
    expect(keys.json().data).toEqual([]);
    // The new password signs in; the old one no longer does.
    await login(user, { password: 'a-new-secret-1' });
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('keeps the app keys when asked to', async () => {
    const user = await createUser(t);
    const key = await createApiKey(t, user);
    const res = await changePassword(user.headers, {
      currentPassword: user.password,
      newPassword: 'a-new-secret-1',
      keepAppKeys: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await keyWorks(user.user, key)).toBe(true);
  });
});

describe('a password reset', () => {
  it('signs out every session and revokes every app key', async () => {
    const user = await createUser(t);
    const phone = await login(user, { agent: SAFARI_IPHONE });
    const key = await createApiKey(t, user);
    const res = await resetPassword(t, await resetTokenFor(t, user.user._id));
    expect(res.statusCode).toBe(200);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(user.headers)).statusCode).toBe(401);
    expect(await keyWorks(user.user, key)).toBe(false);
    // Only the session the reset signed in is listed.
    expect(await sessions(bearer(res.json().token as string))).toHaveLength(1);
  });
});

describe('changing the e-mail', () => {
  function requestChange(user: CreatedUser, email: string, password = user.password) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/account/email',
      headers: user.headers,
      payload: { email, password },
    });
  }

  function confirm(token: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/account/email/confirm',
      payload: { token },
    });
  }

  async function linkFor(
    user: CreatedUser,
    email: string,
  ): Promise<{ token: string; mails: string[] }> {
    let res: Awaited<ReturnType<typeof requestChange>> | undefined;
    const mails = await mailsDuring(async () => {
      res = await requestChange(user, email);
    });
    expect(res?.statusCode).toBe(200);
    const toNew = mails.find((mail) => mail.includes(`To: ${email}`));
    const token = toNew && CONFIRM_LINK.exec(toNew)?.[1];
    if (!token) throw new Error(`no confirmation link for ${email}`);
    return { token, mails };
  }

  it('takes effect only once the link sent to the new address is opened; the old one is told', async () => {
    const user = await createUser(t);
    const newEmail = `renamed.${Date.now()}@example.com`;
    const { token, mails } = await linkFor(user, newEmail);
    const toOld = mails.find((mail) => mail.includes(`To: ${user.user.email}`));
    expect(toOld).toContain(newEmail);
    expect(toOld).not.toMatch(CONFIRM_LINK);
    expect((await profile(user.headers)).json().data.email).toBe(user.user.email);

    let confirmed: Awaited<ReturnType<typeof confirm>> | undefined;
    const after = await mailsDuring(async () => {
      confirmed = await confirm(token);
    });
    expect(confirmed?.statusCode).toBe(200);
    expect((await profile(user.headers)).json().data.email).toBe(newEmail);
    expect(after.find((mail) => mail.includes(`To: ${user.user.email}`))).toContain(newEmail);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_email_change_token');
  });

  it('needs the password, and a new address that is free', async () => {
    const user = await createUser(t);
    const wrong = await requestChange(user, `x.${Date.now()}@example.com`, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_current_password');
    const other = await createUser(t);
    const taken = await requestChange(user, other.user.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    const same = await requestChange(user, user.user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('email_unchanged');
  });

  it('refuses an expired link, and the older of two links', async () => {
    const user = await createUser(t);
    const first = await linkFor(user, `first.${Date.now()}@example.com`);
    const second = await linkFor(user, `second.${Date.now()}@example.com`);
    expect((await confirm(first.token)).statusCode).toBe(400);
    offsetMs = 25 * 60 * 60 * 1000;
    expect((await confirm(second.token)).statusCode).toBe(400);
    expect((await profile(user.headers)).json().data.email).toBe(user.user.email);
  });

  it('is refused when another account took the address meanwhile', async () => {
    const user = await createUser(t);
    const email = `contested.${Date.now()}@example.com`;
    const { token } = await linkFor(user, email);
    await createUser(t, { email });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });
});

describe('creating an app key', () => {
  it('asks for the password again when the session signed in over 10 minutes ago', async () => {
    const user = await createUser(t);
    const session = await login(user);
    offsetMs = 10 * 60_000 + 1_000;
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/api-keys',
        headers: session,
        payload: { name: 'Phone' },
      });
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reauthentication_required');

    const reauthenticate = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/account/reauthenticate',
        headers: session,
        payload: { password },
      });
    expect((await reauthenticate('not-the-password')).statusCode).toBe(400);
    expect((await create()).statusCode).toBe(403);
    expect((await reauthenticate(user.password)).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  });

  it('needs no password again within 10 minutes of signing in', async () => {
    const user = await createUser(t);
    const session = await login(user);
    offsetMs = 9 * 60_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: session,
      payload: { name: 'Phone' },
    });
    expect(res.statusCode).toBe(201);
  });
});
