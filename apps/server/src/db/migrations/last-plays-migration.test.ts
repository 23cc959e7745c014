import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';

/** Plays recorded before each listener's last play of each song was kept. */

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;
const titles: Record<string, string> = {};

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  // Made first: today's repositories write tables an older schema lacks.
  const songs = [];
  for (const title of ['Early', 'Middle', 'Late']) {
    const { song } = await createSong(t, { title });
    titles[song._id] = title;
    songs.push(song._id);
  }
  const [early, middle, late] = songs as [string, string, string];
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-29-song-substring-index');
  if (error) throw new Error('The database could not go back.', { cause: error });
  const plays = [
    [listener, early, 1],
    [listener, middle, 2],
    [listener, late, 3],
    // Played again last: first in the list, once.
    [listener, early, 4],
    [other, middle, 5],
  ] as const;
  await t.database.db
    .insertInto('plays')
    .values(
      plays.map(([who, song, second]) => ({
        user_id: who.user._id,
        song_id: song,
        played_at: at(second),
      })),
    )
    .execute();
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

async function recentlyPlayed(who: CreatedUser): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/user/songs/recently-played', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: { song: { _id: string } }[] }>()
    .data.map((entry) => titles[entry.song._id] ?? entry.song._id);
}

describe('upgrading to kept last plays', () => {
  it("lists each listener's songs from the plays made before, latest play first, once each", async () => {
    expect(await recentlyPlayed(listener)).toEqual(['Early', 'Late', 'Middle']);
    expect(await recentlyPlayed(other)).toEqual(['Middle']);
  });

  it('moves a song played after the upgrade to the top', async () => {
    const [middle] = Object.entries(titles).find(([, title]) => title === 'Middle')!;
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${middle}/play`,
      headers: listener.headers,
    });
    expect(played.statusCode, played.body).toBe(200);
    expect(await recentlyPlayed(listener)).toEqual(['Middle', 'Early', 'Late']);
  });
});
