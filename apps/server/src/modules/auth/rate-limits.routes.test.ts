import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

const once = { max: 2, windowMs: 60_000 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginPerIp: { max: 5, windowMs: 60_000 },
      loginPerAccount: once,
      register: once,
      forgotPassword: once,
      resetPassword: once,
    },
  });
});
afterAll(() => t.close());

function send(method: 'POST' | 'PUT', url: string, payload: object, ip = '203.0.113.1') {
  return t.app.inject({ method, url, payload, remoteAddress: ip });
}

async function expectLimitedOnThirdTry(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  ip: string,
) {
  expect((await send(method, url, payload, ip)).statusCode).not.toBe(429);
  expect((await send(method, url, payload, ip)).statusCode).not.toBe(429);
  const limited = await send(method, url, payload, ip);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({
    success: false,
    code: 'rate_limited',
    message: expect.stringMatching(/^Too many attempts/),
  });
  expect(limited.headers['retry-after']).toBeDefined();
}

describe('rate limits', () => {
  it('limits login attempts per account, whichever address they come from', async () => {
    const { user } = await createUser(t);
    const attempt = (ip: string) =>
      send('POST', '/api/auth/login', { email: user.email, password: 'wrong' }, ip);
    expect((await attempt('198.51.100.1')).statusCode).toBe(401);
    expect((await attempt('198.51.100.2')).statusCode).toBe(401);
    expect((await attempt('198.51.100.3')).statusCode).toBe(429);
    expect(
      (
        await send(
          'POST',
          '/api/auth/login',
          { email: user.email.toUpperCase(), password: 'x' },
          '198.51.100.4',
        )
      ).statusCode,
    ).toBe(429);
  });

  it('limits login attempts per address across accounts', async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < 5; i += 1) {
      const res = await send(
        'POST',
        '/api/auth/login',
        { email: `someone${i}@example.com`, password: 'x' },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await send('POST', '/api/auth/login', { email: 'another@example.com', password: 'x' }, ip))
        .statusCode,
    ).toBe(429);
  });

  it('limits registration', async () => {
    await expectLimitedOnThirdTry(
      'POST',
      '/api/auth/register',
      { name: 'R', email: 'r@example.com', password: 'secret1' },
      '198.51.100.60',
    );
  });

  it('limits forgot-password', async () => {
    await expectLimitedOnThirdTry(
      'POST',
      '/api/auth/forgot-password',
      { email: 'f@example.com' },
      '198.51.100.70',
    );
  });

  it('limits reset-password', async () => {
    await expectLimitedOnThirdTry(
      'PUT',
      '/api/auth/reset-password/some-token',
      { password: 'secret1' },
      '198.51.100.80',
    );
  });
});
