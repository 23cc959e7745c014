import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';

/** Plays recorded before each listener's play count of each song was kept. */

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;
let first: string;
let second: string;

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

async function countsOf(who: CreatedUser): Promise<Record<string, number>> {
  const rows = await t.database.db
    .selectFrom('last_plays')
    .select(['song_id', 'play_count'])
    .where('user_id', '=', who.user._id)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.song_id, Number(row.play_count)]));
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  first = (await createSong(t, { title: 'First' })).song._id;
  second = (await createSong(t, { title: 'Second' })).song._id;
  const { error } = await migratorOf(t).migrateTo('2026-12-13-catalogue-likes-newest-first');
  if (error) throw new Error('The database could not go back.', { cause: error });
  const plays = [
    [listener, first, 1],
    [listener, first, 2],
    [listener, first, 3],
    [listener, second, 4],
    [other, first, 5],
  ] as const;
  for (const [who, song, moment] of plays) {
    const play = await t.database.db
      .insertInto('plays')
      .values({ user_id: who.user._id, song_id: song, played_at: at(moment) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('last_plays')
      .values({ user_id: who.user._id, song_id: song, played_at: at(moment), play_id: play.id })
      .onConflict((oc) =>
        oc.columns(['user_id', 'song_id']).doUpdateSet({ played_at: at(moment), play_id: play.id }),
      )
      .execute();
  }
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

describe('upgrading to kept play counts', () => {
  it("counts each listener's plays of each song made before", async () => {
    expect(await countsOf(listener)).toEqual({ [first]: 3, [second]: 1 });
    expect(await countsOf(other)).toEqual({ [first]: 1 });
  });

  it('adds a play made after the upgrade to the count', async () => {
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${second}/play`,
      headers: listener.headers,
    });
    expect(played.statusCode, played.body).toBe(200);
    expect(await countsOf(listener)).toEqual({ [first]: 3, [second]: 2 });
  });
});
