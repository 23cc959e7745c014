import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { enableSecondFactor } from '../../../test/second-factor';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_PROXY_HEADER: 'Remote-Email', TRUST_PROXY: '127.0.0.1,10.9.0.0/16' },
  });
});
afterAll(() => t.close());

function proxySignIn(headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/proxy', headers, remoteAddress });
}

describe("sign-in from a trusted proxy's header", () => {
  it('tells the web app that the proxy signs people in', async () => {
    const res = await t.app.inject({ url: '/api/general/config' });
    expect(res.json().data.signIn).toEqual({ oidc: null, proxy: true });
  });

  it('signs in the account the header names when a trusted proxy sends it', async () => {
    const known = await createUser(t);
    for (const peer of ['127.0.0.1', '10.9.3.4']) {
      const res = await proxySignIn({ 'remote-email': known.user.email.toUpperCase() }, peer);
      expect(res.statusCode).toBe(200);
      const { token, user } = res.json();
      expect(user).toEqual(known.user);
      const profile = await t.app.inject({
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.statusCode).toBe(200);
    }
  });

  it('signs in an account with two-factor sign-in at once: the proxy is the authority', async () => {
    const guarded = await createUser(t);
    await enableSecondFactor(t, guarded);
    const res = await proxySignIn({ 'remote-email': guarded.user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('secondFactorRequired');
    expect(res.json().user).toEqual(guarded.user);
    // The password still asks for the code.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: guarded.user.email, password: guarded.password },
    });
    expect(login.json()).toMatchObject({ secondFactorRequired: true });
  });

  it('makes an account for an address it does not know yet', async () => {
    const res = await proxySignIn({ 'remote-email': 'first.time@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'first.time@example.com', role: 'user' });
  });

  it('treats the header as absent from any other address', async () => {
    const known = await createUser(t);
    for (const peer of ['192.0.2.10', '10.10.0.1', '::1']) {
      const res = await proxySignIn({ 'remote-email': known.user.email }, peer);
      expect(res.statusCode, peer).toBe(401);
      expect(res.body).not.toContain('token');
    }
    // Nor can a client claim a trusted address through X-Forwarded-For.
    const forwarded = await proxySignIn(
      { 'remote-email': known.user.email, 'x-forwarded-for': '127.0.0.1' },
      '192.0.2.10',
    );
    expect(forwarded.statusCode).toBe(401);
  });

  it('refuses a request without the header, or with something else than an address', async () => {
    expect((await proxySignIn({})).statusCode).toBe(401);
    expect((await proxySignIn({ 'remote-email': 'not an address' })).statusCode).toBe(401);
  });
});

describe('without AUTH_PROXY_HEADER', () => {
  it('ignores the header and answers that proxy sign-in is not set up', async () => {
    const plain = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/proxy',
        headers: { 'remote-email': 'someone@example.com' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('sign_in_not_configured');
    } finally {
      await plain.close();
    }
  });
});
