import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeRows } from '@cadenza/contract/home';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';

/** Plays recorded before listeners' per-artist counts existed. */

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  // Made first: today's repositories write tables an older schema lacks.
  const duet = await createSong(t, { artist: 'Ana feat. Bo' });
  const solo = await createSong(t, { artist: 'Bo' });
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-26-library-files');
  if (error) throw new Error('The database could not go back.', { cause: error });
  const plays = [
    [listener, duet, 1],
    [listener, duet, 2],
    [listener, solo, 3],
    [other, solo, 4],
  ] as const;
  await t.database.db
    .insertInto('plays')
    .values(
      plays.map(([who, song, second]) => ({
        user_id: who.user._id,
        song_id: song.song._id,
        played_at: at(second),
      })),
    )
    .execute();
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

async function topArtists(who: CreatedUser): Promise<[string, number][]> {
  const res = await t.app.inject({ url: '/api/user/home', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: HomeRows }>()
    .data.topArtists.map((artist) => [artist.name, artist.playCount]);
}

describe('upgrading to per-listener artist plays', () => {
  it('counts the plays made before, per listener and main artist', async () => {
    expect(await topArtists(listener)).toEqual([
      ['Ana', 2],
      ['Bo', 1],
    ]);
    expect(await topArtists(other)).toEqual([['Bo', 1]]);
  });
});
