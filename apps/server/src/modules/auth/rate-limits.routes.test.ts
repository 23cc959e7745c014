import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { DEFAULT_RATE_LIMITS } from '../../rate-limits';
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
  it('limits wrong passwords for one account from one address, whatever the e-mail case', async () => {
    const { user } = await createUser(t);
    const ip = '198.51.100.1';
    const attempt = (email: string) =>
      send('POST', '/api/auth/login', { email, password: 'wrong' }, ip);
    expect((await attempt(user.email)).statusCode).toBe(401);
    expect((await attempt(user.email)).statusCode).toBe(401);
    expect((await attempt(user.email)).statusCode).toBe(429);
    expect((await attempt(` ${user.email.toUpperCase()} `)).statusCode).toBe(429);
  });

  it('lock-out: an attacker elsewhere cannot stop the owner from logging in', async () => {
    const owner = await createUser(t);
    const attacker = '198.51.100.66';
    for (let i = 0; i < 6; i += 1) {
      await send(
        'POST',
        '/api/auth/login',
        { email: owner.user.email, password: 'guess' },
        attacker,
      );
    }
    const attacked = await send(
      'POST',
      '/api/auth/login',
      { email: owner.user.email, password: owner.password },
      attacker,
    );
    expect(attacked.statusCode).toBe(429);

    const fromHome = await send(
      'POST',
      '/api/auth/login',
      { email: owner.user.email, password: owner.password },
      '192.0.2.44',
    );
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.json()).toMatchObject({ success: true, user: { _id: owner.user._id } });
  });

  it('counts an IPv6 /64 as one address, so a client cannot rotate through its own prefix', async () => {
    const attempt = (i: number) =>
      send(
        'POST',
        '/api/auth/login',
        { email: `v6-${i}@example.com`, password: 'x' },
        `2001:db8:1:2::${(i + 1).toString(16)}`,
      );
    for (let i = 0; i < 5; i += 1) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(5)).statusCode).toBe(429);
    // Another /64 is another client.
    const other = await send(
      'POST',
      '/api/auth/login',
      { email: 'v6-other@example.com', password: 'x' },
      '2001:db8:1:3::1',
    );
    expect(other.statusCode).toBe(401);
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
      { name: 'R', email: 'r@example.com', password: 'secret-one' },
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
      { password: 'secret-one' },
      '198.51.100.80',
    );
  });
});

/** 40 logins, each for another account: how many were refused with 429. */
async function refusedOf40(
  app: TestApp,
  headers: (i: number) => Record<string, string>,
  ip?: string,
) {
  let refused = 0;
  for (let i = 0; i < 40; i += 1) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `forged${i}@example.com`, password: 'x' },
      headers: headers(i),
      ...(ip ? { remoteAddress: ip } : {}),
    });
    expect([401, 429]).toContain(res.statusCode);
    if (res.statusCode === 429) refused += 1;
  }
  return refused;
}

describe('forged client addresses (X-Forwarded-For)', () => {
  const loginPerIp = DEFAULT_RATE_LIMITS.loginPerIp;

  it('with TRUST_PROXY unset, a forged X-Forwarded-For does not escape the per-address limit', async () => {
    const direct = await createTestApp({ rateLimits: { loginPerIp } });
    try {
      const forged = await refusedOf40(
        direct,
        (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }),
        '198.51.100.200',
      );
      const plain = await refusedOf40(direct, () => ({}), '198.51.100.201');
      expect(plain).toBe(40 - loginPerIp.max);
      expect(forged).toBe(plain);
    } finally {
      await direct.close();
    }
  });

  it("with TRUST_PROXY naming the proxy, each forwarded client counts on its own, and only the proxy's entry is believed", async () => {
    // app.inject's peer address is 127.0.0.1: the proxy.
    const proxied = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      rateLimits: { loginPerIp },
    });
    try {
      expect(await refusedOf40(proxied, (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }))).toBe(0);
      // A client's own X-Forwarded-For arrives before the proxy's entry, which names the client.
      const spoofing = await refusedOf40(proxied, (i) => ({
        'x-forwarded-for': `10.9.8.${i}, 203.0.113.250`,
      }));
      expect(spoofing).toBe(40 - loginPerIp.max);
    } finally {
      await proxied.close();
    }
  });

  it('with TRUST_PROXY as a hop count, believes that many entries from the right', async () => {
    const oneHop = await createTestApp({ env: { TRUST_PROXY: '1' }, rateLimits: { loginPerIp } });
    try {
      expect(await refusedOf40(oneHop, (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }))).toBe(0);
      const spoofing = await refusedOf40(oneHop, (i) => ({
        'x-forwarded-for': `10.9.8.${i}, 203.0.113.250`,
      }));
      expect(spoofing).toBe(40 - loginPerIp.max);
    } finally {
      await oneHop.close();
    }
  });
});
