import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/general/stats/quick', () => {
  it('answers zeros and empty lists for an empty site', async () => {
    const res = await t.app.inject({ url: '/api/general/stats/quick' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { stats: { users: 0, songs: 0 }, popularGenres: [], recentUsers: [] },
    });
  });

  it('counts users and songs, ranks genres, and lists the five newest members without e-mails', async () => {
    await createAdmin(t, { name: 'Ada' });
    const names = ['Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus'];
    for (const name of names) await createUser(t, { name });
    for (const genre of ['rock', 'jazz', 'rock', 'pop', 'jazz', 'rock'] as const) {
      await createSong(t, { genre });
    }

    const res = await t.app.inject({ url: '/api/general/stats/quick' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.stats).toEqual({ users: 7, songs: 6 });
    expect(data.popularGenres).toEqual([
      { _id: 'rock', count: 3 },
      { _id: 'jazz', count: 2 },
      { _id: 'pop', count: 1 },
    ]);
    expect(data.recentUsers.map((user: { name: string }) => user.name)).toEqual(
      [...names].reverse().slice(0, 5),
    );
    for (const user of data.recentUsers) {
      expect(Object.keys(user).sort()).toEqual(['createdAt', 'name']);
      expect(Date.parse(user.createdAt)).not.toBeNaN();
    }
    expect(res.body).not.toContain('@');
  });
});

describe('GET /api/admin/stats', () => {
  let admin: CreatedUser;
  beforeAll(async () => {
    admin = await createAdmin(t, { name: 'Root' });
  });
  const asAdmin = (method: 'GET', url: string) =>
    t.app.inject({ method, url, headers: admin.headers });

  it('counts users and songs, and songs by genre', async () => {
    const before = (await asAdmin('GET', '/api/admin/stats')).json().data;
    await createUser(t);
    await createSong(t, { genre: 'rock' });
    await createSong(t, { genre: 'rock' });
    await createSong(t, { genre: 'jazz' });
    const res = await asAdmin('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats.totalUsers).toBe(before.totalUsers + 1);
    expect(stats.totalSongs).toBe(before.totalSongs + 3);
    expect(stats.songsByGenre).toEqual(
      expect.arrayContaining([
        { _id: 'rock', count: expect.any(Number) },
        { _id: 'jazz', count: expect.any(Number) },
      ]),
    );
    const total = stats.songsByGenre.reduce(
      (sum: number, entry: { count: number }) => sum + entry.count,
      0,
    );
    expect(total).toBe(stats.totalSongs);
  });
});
