import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { songPlayCount } from '../../../test/play-counts';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { toIso } from '../../db/schema';
import { PlaysRepository } from '../songs/plays.repository';

let t: TestApp;

const at = (minute: number) => new Date(Date.UTC(2024, 4, 1, 12, minute)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const history = (who: CreatedUser, query = '') =>
  t.app.inject({ url: `/api/user/history${query}`, headers: who.headers });

async function record(who: CreatedUser, songId: string, minutes: readonly number[]) {
  await new PlaysRepository(t.database.db).record(
    who.user._id,
    minutes.map((minute) => ({ songId, playedAt: at(minute) })),
  );
}

describe('the listening history', () => {
  it('lists every play newest first, a page at a time, and searches title, artist and album', async () => {
    const listener = await createUser(t);
    const waltz = await createSong(t, { title: 'Night Waltz', artist: 'Orla', album: 'Dusk' });
    const march = await createSong(t, { title: 'March', artist: 'Björn', album: 'Morning' });
    await record(listener, waltz.song._id, [1, 3, 5]);
    await record(listener, march.song._id, [2, 4]);
    await record(await createUser(t), march.song._id, [6]);

    const first = await history(listener, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data.map((e: { playedAt: string }) => e.playedAt)).toEqual([at(5), at(4)]);
    expect(page1.data[0].song).toMatchObject({ _id: waltz.song._id, title: 'Night Waltz' });
    expect(page1.data[0].song.audioFile).toEqual(expect.any(String));
    const page2 = (await history(listener, `?limit=2&cursor=${page1.nextCursor}`)).json();
    const page3 = (await history(listener, `?limit=2&cursor=${page2.nextCursor}`)).json();
    expect(page2.data.map((e: { playedAt: string }) => e.playedAt)).toEqual([at(3), at(2)]);
    expect(page3.data.map((e: { playedAt: string }) => e.playedAt)).toEqual([at(1)]);
    expect(page3.nextCursor).toBeUndefined();

    for (const q of ['waltz', 'ORLA', 'dusk']) {
      const found = (await history(listener, `?q=${q}`)).json();
      expect(
        found.data.map((e: { song: { _id: string } }) => e.song._id),
        q,
      ).toEqual([waltz.song._id, waltz.song._id, waltz.song._id]);
    }
    expect((await history(listener, '?q=100%25')).json().data).toEqual([]);
    expect((await history(listener, '?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/user/history' })).statusCode).toBe(401);
  });

  it('removes a play and keeps every count right, and never another listener’s play', async () => {
    const listener = await createUser(t);
    const other = await createUser(t);
    const { song } = await createSong(t, { title: 'Kept Count', artist: 'Counter' });
    await record(listener, song._id, [10, 20]);
    const [newest, older] = (await history(listener)).json().data as { id: string }[];

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/history/${newest?.id}`,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('play_not_found');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/history/${newest?.id}`,
      headers: listener.headers,
    });
    expect(removed.statusCode).toBe(200);
    const db = t.database.db;
    const counts = async () => ({
      song: await songPlayCount(t, song._id),
      last: await db
        .selectFrom('last_plays')
        .select(['played_at', 'play_count', 'play_id'])
        .where('user_id', '=', listener.user._id)
        .executeTakeFirst(),
      artist: await db
        .selectFrom('artist_plays')
        .select(['play_count', 'last_played_at'])
        .where('user_id', '=', listener.user._id)
        .executeTakeFirst(),
    });
    const after = await counts();
    expect(after.song).toBe(1);
    expect(after.last && toIso(after.last.played_at)).toBe(at(10));
    expect(String(after.last?.play_id)).toBe(older?.id);
    expect(Number(after.last?.play_count)).toBe(1);
    expect(Number(after.artist?.play_count)).toBe(1);
    expect(after.artist && toIso(after.artist.last_played_at)).toBe(at(10));

    await t.app.inject({
      method: 'DELETE',
      url: `/api/user/history/${older?.id}`,
      headers: listener.headers,
    });
    expect(await counts()).toEqual({ song: 0, last: undefined, artist: undefined });
    expect((await history(listener)).json().data).toEqual([]);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/history/not-a-play',
      headers: listener.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
