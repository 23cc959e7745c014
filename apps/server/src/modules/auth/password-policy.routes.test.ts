import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

const TOO_COMMON = {
  success: false,
  code: 'password_too_common',
  message:
    'This password is too common: it appears in lists of breached passwords. Choose another.',
  errors: [
    {
      field: 'password',
      code: 'password_too_common',
      message:
        'This password is too common: it appears in lists of breached passwords. Choose another.',
    },
  ],
};

const LINK = /http:\/\/cadenza\.test\/reset-password\/([A-Za-z0-9_-]+)/;

let sequence = 0;
function signUp(t: TestApp, password: string) {
  sequence += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Pat', email: `pat${sequence}@example.com`, password },
  });
}

/** Asks for a reset link for a new account and answers its token, read from the outbox. */
async function resetToken(t: TestApp): Promise<string> {
  const { user } = await createUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: user.email },
  });
  expect(res.statusCode).toBe(200);
  await t.container.afterAnswer.settle();
  for (const file of fs.readdirSync(t.outboxDir)) {
    const mail = fs.readFileSync(path.join(t.outboxDir, file), 'utf8').replace(/=\r?\n/g, '');
    const token = mail.includes(`To: ${user.email}`) ? LINK.exec(mail)?.[1] : undefined;
    if (token) return token;
  }
  throw new Error(`no reset mail for ${user.email}`);
}

function reset(t: TestApp, token: string, password: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/auth/reset-password/${token}`,
    payload: { password },
  });
}

async function usersNamedPat(t: TestApp): Promise<number> {
  const rows = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', 'Pat')
    .execute();
  return rows.length;
}

describe('new passwords under the default rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells the web the minimum of 6', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/general/config' });
    expect(res.json().data.passwordMinLength).toBe(6);
  });

  it('signs up with 6 uncommon characters, and refuses 5 with the usual message', async () => {
    expect((await signUp(t, 'q7Tz!x')).statusCode).toBe(201);
    const short = await signUp(t, 'q7Tz!');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { field: 'password', code: 'too_small', message: 'Password must be at least 6 characters' },
    ]);
  });

  it('refuses more than 128 characters with a clear message', async () => {
    const res = await signUp(t, 'k'.repeat(129));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'password', code: 'too_big', message: 'Password must be at most 128 characters' },
    ]);
    expect((await signUp(t, 'k'.repeat(128))).statusCode).toBe(201);
  });

  it('refuses a common password at sign-up, in any letter case, and creates no account', async () => {
    const before = await usersNamedPat(t);
    for (const password of ['password1', 'Password1', 'ILOVEYOU', 'qwerty123']) {
      const res = await signUp(t, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(TOO_COMMON);
    }
    expect(await usersNamedPat(t)).toBe(before);
  });

  it('refuses a common password at reset and leaves the link usable', async () => {
    const token = await resetToken(t);
    const refused = await reset(t, token, 'iloveyou1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_COMMON);
    expect((await reset(t, token, 'violet-kettle-42')).statusCode).toBe(200);
  });
});

describe('new passwords with PASSWORD_MIN_LENGTH=10', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PASSWORD_MIN_LENGTH: '10' } });
  });
  afterAll(() => t.close());

  it('tells the web the configured minimum', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/general/config' });
    expect(res.json().data.passwordMinLength).toBe(10);
  });

  it('refuses 9 characters at sign-up, saying the configured number, and takes 10', async () => {
    const before = await usersNamedPat(t);
    const short = await signUp(t, 'q7Tz!x-ab');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      success: false,
      code: 'invalid_input',
      message: 'Password must be at least 10 characters',
      errors: [
        {
          field: 'password',
          code: 'too_small',
          message: 'Password must be at least 10 characters',
        },
      ],
    });
    expect(await usersNamedPat(t)).toBe(before);
    expect((await signUp(t, 'q7Tz!x-abc')).statusCode).toBe(201);
  });

  it('refuses 9 characters at reset and takes 10', async () => {
    const token = await resetToken(t);
    const short = await reset(t, token, 'q7Tz!x-ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 10 characters');
    expect((await reset(t, token, 'q7Tz!x-abc')).statusCode).toBe(200);
  });

  it('still refuses a common password of that length', async () => {
    expect((await signUp(t, 'qwertyuiop')).json()).toEqual(TOO_COMMON);
  });
});
