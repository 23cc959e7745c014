import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { songPlayCount } from '../../../test/play-counts';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';
import { migrations } from './all';

/** Play counts kept in `songs` before they had a table of their own. */

const MIGRATION = '2026-12-19-song-play-totals';

let t: TestApp;
let listener: CreatedUser;
let auth: RestParams;
let often: CreatedSong;
let once: CreatedSong;
let never: CreatedSong;
/** Each song's `songs.play_count` once the migration was undone. */
let keptInSongs: Record<string, number>;

async function migrateBack(): Promise<void> {
  const names = Object.keys(migrations);
  const before = names[names.indexOf(MIGRATION) - 1];
  if (!before) throw new Error(`No migration runs before ${MIGRATION}`);
  const { error } = await migratorOf(t).migrateTo(before);
  if (error) throw new Error('The database could not go back.', { cause: error });
}

/** The song's play count as Subsonic apps read it. */
async function subsonicPlayCount(song: CreatedSong): Promise<unknown> {
  const answer = await restJson(t, 'getSong', { ...auth, id: `tr-${song.song._id}` });
  return (answer.song as Record<string, unknown>).playCount;
}

async function play(song: CreatedSong): Promise<void> {
  const played = await t.app.inject({
    method: 'POST',
    url: `/api/user/songs/${song.song._id}/play`,
    headers: listener.headers,
  });
  expect(played.statusCode, played.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'migration-test' };
  often = await createSong(t, { title: 'Often' });
  once = await createSong(t, { title: 'Once' });
  never = await createSong(t, { title: 'Never' });
  await play(often);
  await play(once);
  await migrateBack();
  const rows = await sql<{ id: string; play_count: number | string }>`
    SELECT id, play_count FROM songs`.execute(t.database.db);
  keptInSongs = Object.fromEntries(rows.rows.map((row) => [row.id, Number(row.play_count)]));
  // Counts as an older server kept them: more than the plays there are (plays counted before
  // each one was kept).
  await sql`UPDATE songs SET play_count = 7 WHERE id = ${often.song._id}`.execute(t.database.db);
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

describe('moving play counts out of songs', () => {
  it('gives the counts back to songs when undone', () => {
    expect(keptInSongs).toEqual({ [often.song._id]: 1, [once.song._id]: 1, [never.song._id]: 0 });
  });

  it('keeps every count as it was, and no row for a song never played', async () => {
    expect(await songPlayCount(t, often.song._id)).toBe(7);
    expect(await songPlayCount(t, once.song._id)).toBe(1);
    const unplayed = await t.database.db
      .selectFrom('song_play_totals')
      .select('song_id')
      .where('song_id', '=', never.song._id)
      .execute();
    expect(unplayed).toEqual([]);
    expect(await subsonicPlayCount(often)).toBe(7);
    expect(await subsonicPlayCount(never)).toBe(0);
  });

  it('adds a play made after the upgrade to the count', async () => {
    await play(often);
    await play(never);
    expect(await subsonicPlayCount(often)).toBe(8);
    expect(await subsonicPlayCount(never)).toBe(1);
  });
});
