import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCover } from '../../../test/covers';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { name: 'Root' });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: admin.headers });

describe('GET /api/admin/users', () => {
  it('lists accounts newest first, a page at a time, never with a password hash', async () => {
    const newest = await createUser(t, { name: 'Newest' });
    const first = await asAdmin('GET', '/api/admin/users?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      data: [
        {
          ...newest.user,
          disabled: false,
          passwordChangeRequired: false,
          lastActiveAt: null,
          streamingQualityLimit: 'original',
        },
      ],
      nextCursor: expect.any(String),
    });
    expect(first.body).not.toMatch(/password_?hash|\$argon2/i);
    const rest = await asAdmin('GET', `/api/admin/users?cursor=${first.json().nextCursor}`);
    const ids = rest.json().data.map((user: { _id: string }) => user._id);
    expect(ids).toContain(admin.user._id);
    expect(ids).not.toContain(newest.user._id);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the user with their playlists, likes, saves and plays, and ends their sessions', async () => {
    const gone = await createUser(t);
    const { song } = await createSong(t);
    const cover = await storeCover(t, pngBytes('their cover'));
    const playlist = await createPlaylist(t, gone, { songIds: [song._id], coverKey: cover.key });
    for (const [method, action] of [
      ['PUT', 'like'],
      ['PUT', 'save'],
      ['POST', 'play'],
    ] as const) {
      await t.app.inject({
        method,
        url: `/api/user/songs/${song._id}/${action}`,
        headers: gone.headers,
      });
    }

    const res = await asAdmin('DELETE', `/api/admin/users/${gone.user._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted.' });

    const db = t.database.db;
    expect(
      await db.selectFrom('users').select('id').where('id', '=', gone.user._id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('playlists').select('id').where('id', '=', playlist).execute(),
    ).toEqual([]);
    for (const table of ['likes', 'saves', 'plays'] as const) {
      const left = await db
        .selectFrom(table)
        .select('song_id')
        .where('user_id', '=', gone.user._id)
        .execute();
      expect(left).toEqual([]);
    }
    expect(await t.blobs.head(cover.key)).toBeNull();
    expect(
      await t.blobs.head(song.audioFile.replace(/^\/media\//, '').split('?')[0] ?? ''),
    ).not.toBeNull();
    const session = await t.app.inject({ url: '/api/user/profile', headers: gone.headers });
    expect(session.statusCode).toBe(401);
  });

  it('refuses to delete an administrator (403), who keeps their account', async () => {
    const other = await createAdmin(t);
    for (const target of [other, admin]) {
      const res = await asAdmin('DELETE', `/api/admin/users/${target.user._id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'admin_not_deletable',
        message: 'Administrators cannot be deleted.',
      });
    }
    const still = await t.app.inject({ url: '/api/user/profile', headers: other.headers });
    expect(still.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await asAdmin('DELETE', '/api/admin/users/0190a0a0-0000-7000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'user_not_found',
      message: 'User not found.',
    });
  });

  it('is 401 for visitors and 403 for listeners', async () => {
    const target = await createUser(t);
    const listener = await createUser(t);
    const visitor = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.user._id}`,
    });
    expect(visitor.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.user._id}`,
      headers: listener.headers,
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().message).toBe('Administrators only.');
  });
});
