import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { enableSecondFactor } from '../../../test/second-factor';
import { rest, type SubsonicJson } from '../../../test/subsonic';
import { createApiKey } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { UsersRepository } from '../users/users.repository';
import { stepAt, totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { secondFactor: { max: 6, windowMs: 60_000 } } });
});
afterAll(() => t.close());

function post(url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
}

async function challengeFor(user: CreatedUser): Promise<string> {
  const res = await post('/api/auth/login', { email: user.user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({
    success: true,
    secondFactorRequired: true,
    challenge: expect.any(String),
  });
  expect(body.token).toBeUndefined();
  return body.challenge as string;
}

describe('enrolment', () => {
  it('shows the secret as an otpauth URI, turns on with a first code, gives 10 recovery codes', async () => {
    const user = await createUser(t);
    const setup = await post('/api/user/two-factor/setup', undefined, user.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Cadenza:${encodeURIComponent(user.user.email)}?secret=${secret}` +
        '&issuer=Cadenza&algorithm=SHA1&digits=6&period=30',
    );
    const status = await t.app.inject({ url: '/api/user/two-factor', headers: user.headers });
    expect(status.json().data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const wrong = await post('/api/user/two-factor/confirm', { code: '000000' }, user.headers);
    const expected = totpCode(secret, stepAt(Date.now()));
    if (expected !== '000000') {
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_second_factor_code');
    }
    const confirm = await post('/api/user/two-factor/confirm', { code: expected }, user.headers);
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await t.app.inject({ url: '/api/user/two-factor', headers: user.headers });
    expect(after.json().data).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    const again = await post('/api/user/two-factor/setup', undefined, user.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('second_factor_enabled');
  });

  it('keeps recovery codes and the secret only sealed or hashed', async () => {
    const user = await createUser(t);
    const { secret, recoveryCodes } = await enableSecondFactor(t, user);
    const rows = await t.database.db.selectFrom('second_factors').selectAll().execute();
    const codes = await t.database.db.selectFrom('recovery_codes').selectAll().execute();
    const stored = JSON.stringify([rows, codes]);
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
  });

  it('refuses a confirmation before the setup', async () => {
    const user = await createUser(t);
    const res = await post('/api/user/two-factor/confirm', { code: '123456' }, user.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('second_factor_not_started');
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge, then trades it with a fresh code for the usual session', async () => {
    const user = await createUser(t);
    const factor = await enableSecondFactor(t, user);
    const challenge = await challengeFor(user);

    // The code the enrolment used is not accepted again.
    const replay = await post('/api/auth/login/second-factor', { challenge, code: factor.code(0) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_second_factor_code');

    const res = await post('/api/auth/login/second-factor', { challenge, code: factor.code(1) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, token: expect.any(String), user: user.user });
    const me = await t.app.inject({
      url: '/api/user/api-keys',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);

    const twice = await post('/api/auth/login/second-factor', { challenge, code: factor.code(1) });
    expect(twice.statusCode).toBe(400);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const user = await createUser(t);
    const { recoveryCodes } = await enableSecondFactor(t, user);
    const code = recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const first = await post('/api/auth/login/second-factor', {
      challenge: await challengeFor(user),
      code: typed,
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/auth/login/second-factor', {
      challenge: await challengeFor(user),
      code,
    });
    expect(again.statusCode).toBe(400);
    const status = await t.app.inject({ url: '/api/user/two-factor', headers: user.headers });
    expect(status.json().data.recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged or altered challenge', async () => {
    const user = await createUser(t);
    const factor = await enableSecondFactor(t, user);
    const challenge = await challengeFor(user);
    const [body, signature] = challenge.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const other = await createUser(t);
    const forged = `${Buffer.from(JSON.stringify({ ...payload, sub: other.user._id })).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'nonsense', `${body}.AAAA`]) {
      const res = await post('/api/auth/login/second-factor', {
        challenge: bad,
        code: factor.code(1),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_sign_in_challenge');
    }
  });

  it('voids the challenge when the password changes meanwhile, and never passes it for a session', async () => {
    const user = await createUser(t);
    const factor = await enableSecondFactor(t, user);
    const challenge = await challengeFor(user);
    const asSession = await t.app.inject({
      url: '/api/user/api-keys',
      headers: { authorization: `Bearer ${challenge}` },
    });
    expect(asSession.statusCode).toBe(401);
    await new UsersRepository(t.database.db).updatePassword(user.user._id, 'another-hash');
    const res = await post('/api/auth/login/second-factor', { challenge, code: factor.code(1) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_sign_in_challenge');
  });

  it('limits the codes tried for one account', async () => {
    const user = await createUser(t);
    await enableSecondFactor(t, user);
    const challenge = await challengeFor(user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await post('/api/auth/login/second-factor', { challenge, code: 'aaaaa-aaaaa' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });

  it('keeps app keys working on /rest for an account with a second factor', async () => {
    const user = await createUser(t);
    const key = await createApiKey(t, user);
    await enableSecondFactor(t, user);
    const res = await rest(t, 'ping', { apiKey: key, f: 'json' });
    const answer = res.json()['subsonic-response'] as SubsonicJson;
    expect(answer.status).toBe('ok');
  });
});

describe('turning it off', () => {
  it('needs the password and a code', async () => {
    const user = await createUser(t);
    const factor = await enableSecondFactor(t, user);
    const wrongPassword = await post(
      '/api/user/two-factor/disable',
      { password: 'not-it', code: factor.code(1) },
      user.headers,
    );
    expect(wrongPassword.statusCode).toBe(401);
    const wrongCode = await post(
      '/api/user/two-factor/disable',
      { password: user.password, code: 'zzzzz-zzzzz' },
      user.headers,
    );
    expect(wrongCode.statusCode).toBe(400);
    const res = await post(
      '/api/user/two-factor/disable',
      { password: user.password, code: factor.recoveryCodes[0]! },
      user.headers,
    );
    expect(res.statusCode).toBe(200);
    const login = await post('/api/auth/login', {
      email: user.user.email,
      password: user.password,
    });
    expect(login.json()).toEqual({ success: true, token: expect.any(String), user: user.user });
    const left = await t.database.db.selectFrom('recovery_codes').selectAll().execute();
    expect(left.filter((row) => row.user_id === user.user._id)).toEqual([]);
  });
});

describe('two-factor sign-in required for administrators', () => {
  it('closes the admin area to an administrator without it until they turn it on', async () => {
    const owner = await createUser(t, { role: 'admin' });
    const other = await createUser(t, { role: 'admin' });
    const listener = await createUser(t);
    await enableSecondFactor(t, owner);
    const require = (value: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: owner.headers,
        payload: { adminSecondFactorRequired: value },
      });
    const adminUsers = (headers: Record<string, string>) =>
      t.app.inject({ url: '/api/admin/users', headers });
    try {
      expect((await adminUsers(other.headers)).statusCode).toBe(200);
      const on = await require(true);
      expect(on.statusCode).toBe(200);
      expect(on.json().data).toMatchObject({ adminSecondFactorRequired: true });

      const refused = await adminUsers(other.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'second_factor_required',
        message: 'Turn on two-factor sign-in in your account settings to use the admin area.',
      });
      const status = await t.app.inject({ url: '/api/user/two-factor', headers: other.headers });
      expect(status.json().data).toMatchObject({ enabled: false, required: true });
      // Listeners and an administrator who has it are not concerned.
      expect((await adminUsers(owner.headers)).statusCode).toBe(200);
      const listenerStatus = await t.app.inject({
        url: '/api/user/two-factor',
        headers: listener.headers,
      });
      expect(listenerStatus.json().data).toMatchObject({ required: false });

      await enableSecondFactor(t, other);
      expect((await adminUsers(other.headers)).statusCode).toBe(200);
    } finally {
      expect((await require(false)).statusCode).toBe(200);
    }
  });
});
