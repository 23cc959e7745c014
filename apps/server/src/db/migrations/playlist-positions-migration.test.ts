import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaylist, createSong, createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';

/** Playlists from before dense positions: gaps where songs left, and ties. */

let t: TestApp;
let owner: CreatedUser;
let gappy: string;
let tied: string;
const songIds: string[] = [];

async function entry(playlistId: string, songId: string, position: number, addedAt: string) {
  await t.database.db
    .insertInto('playlist_songs')
    .values({ playlist_id: playlistId, song_id: songId, position, added_at: addedAt })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  for (let index = 0; index < 4; index += 1) songIds.push((await createSong(t)).id);
  gappy = await createPlaylist(t, owner);
  tied = await createPlaylist(t, owner);
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-26-library-files');
  if (error)
    throw new Error('The database could not go back before dense positions.', { cause: error });
  const [a, b, c, d] = songIds as [string, string, string, string];
  await entry(gappy, c, 7, '2025-01-01T00:00:03.000Z');
  await entry(gappy, a, 2, '2025-01-01T00:00:01.000Z');
  await entry(gappy, b, 4, '2025-01-01T00:00:02.000Z');
  await entry(tied, d, 1, '2025-01-01T00:00:02.000Z');
  await entry(tied, b, 1, '2025-01-01T00:00:01.000Z');
  await entry(tied, a, 0, '2025-01-01T00:00:09.000Z');
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

async function entries(playlistId: string) {
  return t.database.db
    .selectFrom('playlist_songs')
    .select(['song_id', 'position'])
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .execute();
}

describe('numbering playlist positions', () => {
  it('numbers each playlist 1, 2, 3… in the order it was shown: position, then when added', async () => {
    const [a, b, c, d] = songIds;
    expect(await entries(gappy)).toEqual([
      { song_id: a, position: 1 },
      { song_id: b, position: 2 },
      { song_id: c, position: 3 },
    ]);
    expect(await entries(tied)).toEqual([
      { song_id: a, position: 1 },
      { song_id: b, position: 2 },
      { song_id: d, position: 3 },
    ]);
  });

  it('lets the owner move a song of a renumbered playlist', async () => {
    const [a, b, c] = songIds;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/playlists/${gappy}/songs/${c}/position`,
      headers: owner.headers,
      payload: { position: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.songs.map((song: { _id: string }) => song._id)).toEqual([c, a, b]);
  });
});
