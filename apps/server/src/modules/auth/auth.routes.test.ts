import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

function lifetimeDays(token: string): number {
  const { exp, iat } = decodeJwt(token);
  return ((exp ?? 0) - (iat ?? 0)) / 86_400;
}

describe('POST /api/auth/register', () => {
  it('creates a user account, answers token and user, and never the password hash', async () => {
    const res = await post('/api/auth/register', {
      name: ' Ada ',
      email: 'Ada@Example.com',
      password: 'secret-one',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      user: { name: 'Ada', email: 'ada@example.com', role: 'user' },
    });
    expect(typeof body.token).toBe('string');
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('rejects an e-mail that is taken in any letter case with 409', async () => {
    await post('/api/auth/register', {
      name: 'Bo',
      email: 'bo@example.com',
      password: 'secret-one',
    });
    const res = await post('/api/auth/register', {
      name: 'Bo 2',
      email: 'BO@EXAMPLE.COM',
      password: 'secret-two',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'email_taken',
      message: 'An account with this email already exists.',
    });
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'name', 'Name is required'],
    [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', 'Name is required'],
    [{ name: 'A', password: 'secret1' }, 'email', 'Email is required'],
    [
      { name: 'A', email: 'not-an-email', password: 'secret1' },
      'email',
      'Please enter a valid email address',
    ],
    [
      { name: 'A', email: 'a@b', password: 'secret1' },
      'email',
      'Please enter a valid email address',
    ],
    [{ name: 'A', email: 'a@b.co' }, 'password', 'Password is required'],
    [
      { name: 'A', email: 'a@b.co', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
  ])('validates %j: %s says "%s"', async (payload, field, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toContainEqual({ field, code: expect.any(String), message });
  });

  it('answers 400 with a message, not 500, for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('POST /api/auth/login', () => {
  it('logs in ignoring the e-mail case and answers token and user', async () => {
    const { user, password } = await createUser(t, { email: 'carol@example.com' });
    const res = await post('/api/auth/login', { email: 'CAROL@Example.com', password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { _id: user._id, email: 'carol@example.com' },
    });
    expect(res.body).not.toMatch(/password_hash|passwordHash|argon2/);
  });

  it('keeps a remembered session 30 days and an ordinary one 1 day', async () => {
    const { user, password } = await createUser(t);
    const remembered = await post('/api/auth/login', {
      email: user.email,
      password,
      remember: true,
    });
    const ordinary = await post('/api/auth/login', { email: user.email, password });
    expect(lifetimeDays(remembered.json().token)).toBe(30);
    expect(lifetimeDays(ordinary.json().token)).toBe(1);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { user } = await createUser(t);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required'],
    [{ email: 'x@y', password: 'x' }, 'email', 'Please enter a valid email address'],
    [{ email: 'x@y.io' }, 'password', 'Password is required'],
    [{ email: 'x@y.io', password: '' }, 'password', 'Password is required'],
  ])('validates %j', async (payload, field, message) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, code: expect.any(String), message });
  });
});

describe('sessions', () => {
  async function profileStatus(token: string): Promise<number> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    return res.statusCode;
  }

  it('logout revokes that session only: the same user on another device stays logged in', async () => {
    const { user, password } = await createUser(t);
    const phone = (await post('/api/auth/login', { email: user.email, password })).json()
      .token as string;
    const laptop = (await post('/api/auth/login', { email: user.email, password })).json()
      .token as string;

    const res = await post('/api/auth/logout', undefined, { authorization: `Bearer ${phone}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
  });

  it('logout without a token is 401', async () => {
    const res = await post('/api/auth/logout', undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('rejects tampered, foreign and malformed tokens with 401', async () => {
    const { token } = await createUser(t);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'not-a-jwt', '', `${token}x`]) {
      expect(await profileStatus(bad)).toBe(401);
    }
  });

  it("deleting a user ends all of the user's sessions", async () => {
    const { user, token } = await createUser(t);
    const admin = await createAdmin(t);
    expect(await profileStatus(token)).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user._id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await profileStatus(token)).toBe(401);
  });
});
