import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@cadenza/contract/error-codes';
import { createAdmin, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('error codes in the error envelope', () => {
  let t: TestApp;
  let listener: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    listener = await createUser(t);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const missingId = '01900000-0000-7000-8000-000000000000';

  it.each([
    [
      'a song that does not exist',
      'PUT',
      `/api/user/songs/${missingId}/like`,
      404,
      'song_not_found',
    ],
    [
      'a playlist that does not exist',
      'GET',
      `/api/user/playlists/${missingId}`,
      404,
      'playlist_not_found',
    ],
    ['an unknown API route', 'GET', '/api/nowhere', 404, 'route_not_found'],
    ['no session', 'GET', '/api/user/profile', 401, 'unauthorized'],
  ] as const)('names %s', async (_what, method, url, status, code) => {
    const headers = url === '/api/user/profile' ? {} : listener.headers;
    const response = await t.app.inject({ method, url, headers });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
  });

  it('names a listener on an admin route', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: listener.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'admins_only', message: 'Administrators only.' });
  });

  it('names a taken e-mail and keeps the message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Twin', email: listener.user.email.toUpperCase(), password: 'secret-123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'email_taken',
      message: 'An account with this email already exists.',
    });
  });

  it('names wrong credentials', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: listener.user.email, password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('gives validation failures a code, and every field error one too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '', email: 'not-an-email', password: '1' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: { field: string; code: string }[] }>();
    expect(body.code).toBe('invalid_input');
    expect(body.errors.length).toBeGreaterThan(0);
    for (const error of body.errors) expect(error.code).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(body.errors.map((error) => error.field)).toContain('email');
  });

  it('names a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('names a malformed cursor', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/songs?cursor=garbage',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_cursor' });
  });

  it('lists every code in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    const loginResponses = JSON.stringify(document.paths['/api/auth/login']?.post?.responses);
    for (const code of errorCodes) expect(loginResponses).toContain(`"${code}"`);
  });
});
