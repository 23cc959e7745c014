import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider';
import { setCookie, signInWithOidc } from '../../../test/oidc-sign-in';
import { enableSecondFactor } from '../../../test/second-factor';
import { createApiKey, rest, type SubsonicJson } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

const CALLBACK = 'http://cadenza.test/api/auth/oidc/callback';

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider(
    [
      { sub: 'new-person', email: 'New.Person@example.com', email_verified: true, name: 'New P' },
      { sub: 'known-person', email: 'known@example.com', email_verified: true },
      { sub: 'unverified', email: 'victim@example.com', email_verified: false },
      { sub: 'boss', email: 'boss@example.com', email_verified: true, groups: ['music-admins'] },
      { sub: 'latecomer', email: 'latecomer@example.com', email_verified: true },
      { sub: 'guarded', email: 'guarded@example.com', email_verified: true },
    ],
    CALLBACK,
  );
  t = await createTestApp({
    env: {
      ...provider.env,
      OIDC_ADMIN_CLAIM: 'groups',
      OIDC_ADMIN_VALUE: 'music-admins',
      OIDC_BUTTON_TEXT: 'Sign in with Example ID',
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

describe('sign-in with OpenID Connect', () => {
  it('tells the web app about the button', async () => {
    const res = await t.app.inject({ url: '/api/general/config' });
    expect(res.json().data.signIn).toEqual({
      oidc: { buttonText: 'Sign in with Example ID' },
      proxy: false,
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const res = await t.app.inject({ url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin).toBe(provider.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(to.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    }
    expect(String(res.headers['set-cookie'])).toMatch(
      /^cadenza_oidc_state=[^;]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('makes an account for a verified new address and signs it in, the same one each time', async () => {
    const first = await signInWithOidc(t, provider, 'new-person');
    expect(first.landing.toString()).toBe('http://cadenza.test/login?sso=oidc');
    expect(first.session?.statusCode).toBe(200);
    const body = first.session!.json();
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      user: expect.objectContaining({
        email: 'new.person@example.com',
        name: 'New P',
        role: 'user',
      }),
    });
    const profile = await t.app.inject({
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);

    const again = await signInWithOidc(t, provider, 'new-person');
    expect(again.session!.json().user._id).toBe(body.user._id);
  });

  it('hands the session over once', async () => {
    const { handoff } = await signInWithOidc(t, provider, 'new-person');
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/session',
      headers: { cookie: handoff! },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('sign_in_failed');
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session' });
    expect(none.statusCode).toBe(401);
  });

  it('finds an existing account by its verified address', async () => {
    const known = await createUser(t, { email: 'known@example.com' });
    const { session } = await signInWithOidc(t, provider, 'known-person');
    expect(session!.json().user).toEqual(known.user);
  });

  it('makes no account unless anyone may sign up, but still signs in a known one', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const setRegistration = (registration: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: admin.headers,
        payload: { registration },
      });
    try {
      for (const mode of ['invite', 'closed']) {
        expect((await setRegistration(mode)).statusCode).toBe(200);
        const refused = await signInWithOidc(t, provider, 'latecomer');
        expect(refused.landing.toString()).toBe(
          'http://cadenza.test/login?sso_error=registration_closed',
        );
        expect(refused.handoff).toBeNull();
      }
      const known = await signInWithOidc(t, provider, 'known-person');
      expect(known.session?.statusCode).toBe(200);
      const users = await t.database.db
        .selectFrom('users')
        .select('email')
        .where('email', '=', 'latecomer@example.com')
        .execute();
      expect(users).toEqual([]);
    } finally {
      await setRegistration('open');
    }
  });

  it('never signs in to an account through an unverified address', async () => {
    const victim = await createUser(t, { email: 'victim@example.com' });
    const result = await signInWithOidc(t, provider, 'unverified');
    expect(result.landing.toString()).toBe('http://cadenza.test/login?sso_error=sign_in_failed');
    expect(result.handoff).toBeNull();
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(users.filter((row) => row.id === victim.user._id)).toHaveLength(1);
    const links = await t.database.db.selectFrom('external_identities').selectAll().execute();
    expect(links.filter((row) => row.subject === 'unverified')).toEqual([]);
  });

  it('makes an administrator of whom the configured claim names', async () => {
    const { session } = await signInWithOidc(t, provider, 'boss');
    const { token, user } = session!.json();
    expect(user.role).toBe('admin');
    const admin = await t.app.inject({
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(admin.statusCode).toBe(200);
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    const start = await t.app.inject({ url: '/api/auth/oidc/start' });
    const state = setCookie(start, 'cadenza_oidc_state')!;
    const back = await provider.authorize(String(start.headers.location), 'new-person');
    back.searchParams.set('state', 'someone-elses-state');
    const res = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: state },
    });
    expect(res.headers.location).toBe('http://cadenza.test/login?sso_error=sign_in_failed');
    expect(setCookie(res, 'cadenza_oidc_session')).toBeNull();
    const noCookie = await t.app.inject({ url: `${back.pathname}?code=x&state=y` });
    expect(noCookie.headers.location).toBe('http://cadenza.test/login?sso_error=sign_in_failed');
  });

  it('asks an account with two-factor sign-in for its code after the provider, as after a password', async () => {
    const guarded = await createUser(t, { email: 'guarded@example.com' });
    const factor = await enableSecondFactor(t, guarded);

    const { session } = await signInWithOidc(t, provider, 'guarded');
    expect(session?.statusCode).toBe(200);
    const answer = session!.json();
    expect(answer).toEqual({
      success: true,
      secondFactorRequired: true,
      challenge: expect.any(String),
    });
    expect(answer).not.toHaveProperty('token');

    const complete = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/second-factor',
        payload: { challenge: answer.challenge, code },
      });
    const wrong = await complete('000000' === factor.code(1) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_second_factor_code');
    const right = await complete(factor.code(1));
    expect(right.statusCode).toBe(200);
    const { token, user } = right.json();
    expect(user._id).toBe(guarded.user._id);
    const profile = await t.app.inject({
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('keeps app keys working on /rest for an account signed in through the provider', async () => {
    const { session } = await signInWithOidc(t, provider, 'new-person');
    const { token, user } = session!.json();
    const key = await createApiKey(t, {
      user,
      password: '',
      token,
      headers: { authorization: `Bearer ${token}` },
    });
    const answer = (await rest(t, 'ping', { apiKey: key, f: 'json' })).json()[
      'subsonic-response'
    ] as SubsonicJson;
    expect(answer.status).toBe('ok');
  });
});

describe('without OIDC_ISSUER', () => {
  it('answers that single sign-on is not set up', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('sign_in_not_configured');
    } finally {
      await plain.close();
    }
  });
});
