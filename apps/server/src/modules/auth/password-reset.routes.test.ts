import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LINK = /http:\/\/cadenza\.test\/reset-password\/([A-Za-z0-9_-]+)/;

function outboxFiles(): string[] {
  return fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir).sort() : [];
}

/** Waits for the mail sent after the response and answers the reset token in its link. */
async function awaitResetToken(to: string, before: number): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const file of outboxFiles().slice(before)) {
      const mail = fs.readFileSync(path.join(t.outboxDir, file), 'utf8').replace(/=\r?\n/g, '');
      const match = LINK.exec(mail);
      if (mail.includes(`To: ${to}`) && match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail for ${to}`);
}

function forgot(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
}

function reset(token: string, password: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/auth/reset-password/${token}`,
    payload: { password },
  });
}

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function requestReset(email: string): Promise<string> {
  const before = outboxFiles().length;
  expect((await forgot(email)).statusCode).toBe(200);
  return awaitResetToken(email, before);
}

describe('password reset', () => {
  it('answers known and unknown e-mails identically, and mails only the known one', async () => {
    const { user } = await createUser(t);
    const before = outboxFiles().length;
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toMatchObject({ success: true, message: expect.any(String) });
    await t.container.afterAnswer.settle();
    expect(outboxFiles().length - before).toBe(1);
    await awaitResetToken(user.email, before);
  });

  it('writes a mail with PUBLIC_URL/reset-password/{token} to the outbox; the token is 32 bytes, stored hashed', async () => {
    const { user } = await createUser(t);
    const token = await requestReset(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('resets the password, logs in with the answer, and revokes every older session', async () => {
    const { user, password, headers } = await createUser(t);
    const token = await requestReset(user.email);

    const res = await reset(token, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { _id: user._id, email: user.email } });
    expect(res.body).not.toMatch(/password_hash|argon2/);

    const newSession = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(newSession.statusCode).toBe(200);
    const oldSession = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(oldSession.statusCode).toBe(401);

    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('is single use', async () => {
    const { user } = await createUser(t);
    const token = await requestReset(user.email);
    expect((await reset(token, 'first-new-pass')).statusCode).toBe(200);
    const again = await reset(token, 'second-new-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/invalid or has expired/),
    });
  });

  it('stops working after 1 hour', async () => {
    const { user } = await createUser(t);
    const token = await requestReset(user.email);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: past })
      .where('user_id', '=', user._id)
      .execute();
    expect((await reset(token, 'too-late-pass')).statusCode).toBe(400);
  });

  it('gives a reset link one hour of life', async () => {
    const { user } = await createUser(t);
    await requestReset(user.email);
    const row = await t.database.db
      .selectFrom('password_resets')
      .select('expires_at')
      .where('user_id', '=', user._id)
      .executeTakeFirstOrThrow();
    const lifetime = new Date(row.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('using one link invalidates the other outstanding links of that user', async () => {
    const { user } = await createUser(t);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await reset(second, 'newest-pass')).statusCode).toBe(200);
    expect((await reset(first, 'older-pass')).statusCode).toBe(400);
  });

  it('rejects an unknown token and validates the new password', async () => {
    const unknown = await reset('unknown-token', 'whatever-new-1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_reset_token');
    const short = await reset('unknown-token', '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual({
      field: 'password',
      code: 'too_small',
      message: 'Password must be at least 6 characters',
    });
  });

  it('validates the forgot-password e-mail', async () => {
    const blank = await forgot('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContainEqual({
      field: 'email',
      code: expect.any(String),
      message: 'Please enter your email address',
    });
    const malformed = await forgot('nope');
    expect(malformed.json().errors).toContainEqual({
      field: 'email',
      code: expect.any(String),
      message: 'Please enter a valid email address',
    });
  });
});
