import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
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
