import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminMessages } from '@cadenza/contract/admin';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';
import { argon2idPasswords, type PasswordHasher } from './passwords';
import { PasswordResetsRepository } from './password-resets.repository';

/** The real Argon2id hasher, counting what each request made it do. */
class CountingHasher implements PasswordHasher {
  hashes = 0;
  verifies = 0;

  hash(password: string): Promise<string> {
    this.hashes += 1;
    return argon2idPasswords.hash(password);
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    this.verifies += 1;
    return argon2idPasswords.verify(passwordHash, password);
  }
}

const INVALID_RESET =
  'This password reset link is invalid or has expired. Please request a new one.';

let t: TestApp;
let hasher: CountingHasher;
let admin: CreatedUser;
beforeAll(async () => {
  hasher = new CountingHasher();
  t = await createTestApp({ passwords: hasher });
  admin = await createAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => {
  hasher.hashes = 0;
  hasher.verifies = 0;
});

/** A reset link for the user, as forgot-password would have mailed it. */
async function resetLink(userId: string, expiresInMs = 60_000): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await new PasswordResetsRepository(t.database.db).insert(
    tokenHash,
    userId,
    new Date(Date.now() + expiresInMs),
  );
  return token;
}

function reset(token: string, password: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/auth/reset-password/${token}`,
    payload: { password },
  });
}

describe('costs before checks: passwords are hashed only for requests that can succeed', () => {
  it('password reset refuses an unknown link without hashing the new password', async () => {
    const res = await reset('not-a-real-reset-token', 'new-secret-123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'invalid_reset_token',
      message: INVALID_RESET,
    });
    expect(hasher.hashes).toBe(0);
  });

  it('password reset refuses an expired or used link without hashing', async () => {
    const { user } = await createUser(t);
    const expired = await resetLink(user._id, -1000);
    expect((await reset(expired, 'new-secret-123')).json().message).toBe(INVALID_RESET);
    const used = await resetLink(user._id);
    expect((await reset(used, 'new-secret-123')).statusCode).toBe(200);
    hasher.hashes = 0;
    expect((await reset(used, 'other-secret-123')).json().message).toBe(INVALID_RESET);
    expect(hasher.hashes).toBe(0);
  });

  it('password reset with a valid link hashes once, and the new password works', async () => {
    const { user } = await createUser(t);
    const res = await reset(await resetLink(user._id), 'brand-new-secret');
    expect(res.statusCode).toBe(200);
    expect(hasher.hashes).toBe(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'brand-new-secret' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('registration with a taken e-mail is refused without hashing', async () => {
    const { user } = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Again', email: user.email.toUpperCase(), password: 'secret-123' },
    });
    expect(res.statusCode).toBe(409);
    expect(hasher.hashes).toBe(0);
  });

  it('login with an unknown e-mail still verifies once (against a decoy), like a known one', async () => {
    const { user } = await createUser(t);
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
      });
    expect((await login('nobody-at-all@example.com')).statusCode).toBe(401);
    expect(hasher.verifies).toBe(1);
    expect((await login(user.email)).statusCode).toBe(401);
    expect(hasher.verifies).toBe(2);
    expect(hasher.hashes).toBe(0);
  });
});

describe('costs before checks: uploads for a missing row are refused before they are read', () => {
  const notAudio = {
    filename: 'notes.mp3',
    contentType: 'audio/mpeg',
    content: Buffer.from('plain text, not audio'),
  };
  const notImage = {
    filename: 'cover.png',
    contentType: 'image/png',
    content: Buffer.from('plain text, not an image'),
  };

  it('editing a missing song answers 404 without reading the uploaded file', async () => {
    const form = multipartBody({ title: 'T', audioFile: notAudio });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${newId()}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'song_not_found',
      message: adminMessages.songNotFound,
    });
  });

  it('editing a missing playlist answers 404 without reading the uploaded cover', async () => {
    const form = multipartBody({ name: 'P', coverImage: notImage });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/playlists/${newId()}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'playlist_not_found',
      message: adminMessages.playlistNotFound,
    });
  });

  it('an existing row still gets its upload checked', async () => {
    const playlistId = await createPlaylist(t, admin, { isDefault: true });
    const form = multipartBody({ name: 'P', coverImage: notImage });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/playlists/${playlistId}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
  });
});
