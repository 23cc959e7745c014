import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/profile', () => {
  it('answers the signed-in account with its liked and saved songs, without secrets', async () => {
    const { user, headers } = await createUser(t, { name: 'Dana' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { ...user, likedSongs: [], savedSongs: [] },
    });
    expect(res.body).not.toMatch(/password|token_version/i);
  });

  it('is 401 for a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      code: 'unauthorized',
      message: 'Please log in to continue.',
    });
  });
});
