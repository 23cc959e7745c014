import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashInvitationToken } from './invitation-tokens';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRATION: 'invite' } });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

let sequence = 0;
const uniqueEmail = () => `invited${(sequence += 1)}.${Date.now()}@example.com`;

async function invite(payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/invitations',
    headers: admin.headers,
    payload,
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as {
    _id: string;
    link: string;
    sent: boolean;
    email: string | null;
  };
  return { ...data, token: new URL(data.link).searchParams.get('invite') ?? '' };
}

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const signUp = (email: string, invitation?: string) =>
  register({
    name: 'Invited',
    email,
    password: 'secret-123',
    ...(invitation === undefined ? {} : { invitation }),
  });

describe('invitations', () => {
  it('make a link of 32 random bytes, stored only as a hash, that the sign-up page can read', async () => {
    const email = uniqueEmail();
    const created = await invite({ email, expiresInDays: 3 });
    expect(created.link).toBe(`http://cadenza.test/signup?invite=${created.token}`);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    const row = await t.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashInvitationToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const preview = await t.app.inject({ url: `/api/auth/invitations/${created.token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({ email, expiresAt: expect.any(String) });
    const unknown = await t.app.inject({ url: '/api/auth/invitations/not-a-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('invalid_invitation');
  });

  it('admit one sign-up each, for the address they name only', async () => {
    const email = uniqueEmail();
    const { token } = await invite({ email });
    const other = await signUp(uniqueEmail(), token);
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('invitation_email_mismatch');
    const mine = await signUp(email.toUpperCase(), token);
    expect(mine.statusCode).toBe(201);
    expect(mine.json().user.role).toBe('user');
    const twice = await signUp(uniqueEmail(), token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('invalid_invitation');
    expect((await t.app.inject({ url: `/api/auth/invitations/${token}` })).statusCode).toBe(404);
  });

  it('admit only one of two sign-ups with one link at the same moment', async () => {
    const { token } = await invite();
    const answers = await Promise.all([signUp(uniqueEmail(), token), signUp(uniqueEmail(), token)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });

  it('are refused once expired or revoked, and the revoked leave the pending list', async () => {
    const expired = await invite();
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired._id)
      .execute();
    expect((await signUp(uniqueEmail(), expired.token)).json().code).toBe('invalid_invitation');

    const revoked = await invite();
    const listed = async () =>
      (
        (await t.app.inject({ url: '/api/admin/invitations', headers: admin.headers })).json()
          .data as { _id: string }[]
      ).map((item) => item._id);
    expect(await listed()).toContain(revoked._id);
    expect(await listed()).not.toContain(expired._id);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/invitations/${revoked._id}`,
      headers: admin.headers,
    });
    expect(gone.json()).toEqual({ success: true, message: 'Invitation revoked.' });
    expect(await listed()).not.toContain(revoked._id);
    expect((await signUp(uniqueEmail(), revoked.token)).statusCode).toBe(400);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/invitations/${revoked._id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('invitation_not_found');
  });

  it('are mailed to the address they name when asked, and give that role', async () => {
    const email = uniqueEmail();
    const before = fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir).length : 0;
    const created = await invite({ email, role: 'admin', send: true });
    expect(created.sent).toBe(true);
    const mails = fs
      .readdirSync(t.outboxDir)
      .sort()
      .slice(before)
      .map((file) => fs.readFileSync(path.join(t.outboxDir, file), 'utf8').replace(/=\r?\n/g, ''));
    expect(mails.some((mail) => mail.includes(email) && mail.includes(created.token))).toBe(true);
    const res = await signUp(email, created.token);
    expect(res.json().user.role).toBe('admin');
  });

  it('refuse to send without an address, and bad lifetimes (400)', async () => {
    for (const payload of [{ send: true }, { expiresInDays: 0 }, { expiresInDays: 31 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('are required while sign-up is by invitation only (REGISTRATION=invite)', async () => {
    const res = await signUp(uniqueEmail());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'invitation_required',
      message: 'Sign-up on this server is by invitation only. Open the link from your invitation.',
    });
  });

  it('are made, listed and revoked by administrators only', async () => {
    const listener = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: listener.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
