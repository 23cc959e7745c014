import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createPlaylist,
  createSong,
  createUser,
  type CreatedUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';

/** A library from before counts were kept: the upgrade counts what is there once. */

let t: TestApp;
let owner: CreatedUser;
let admin: CreatedUser;
let mix: string;
let empty: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  owner = await createUser(t);
  await createUser(t);
  const rock = [await createSong(t, { genre: 'rock', duration: 200 })];
  rock.push(await createSong(t, { genre: 'rock', duration: 100 }));
  const jazz = await createSong(t, { genre: 'jazz', duration: 61 });
  empty = await createPlaylist(t, owner);
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-28-api-keys-and-subsonic');
  if (error) throw new Error('The database could not go back.', { cause: error });
  // Written as the old code wrote them: rows only, no counts.
  mix = await createPlaylistRow(owner.user._id);
  const entries = [rock[0]!, jazz, rock[1]!].map((song, index) => ({
    playlist_id: mix,
    song_id: song.id,
    position: index + 1,
    added_at: '2025-01-01T00:00:00.000Z',
  }));
  await t.database.db.insertInto('playlist_songs').values(entries).execute();
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

async function createPlaylistRow(ownerId: string): Promise<string> {
  const id = '0190a0a0-0000-7000-8000-0000000000aa';
  await t.database.db
    .insertInto('playlists')
    .values({
      id,
      owner_id: ownerId,
      name: 'Old mix',
      description: '',
      cover_key: null,
      is_public: 1,
      is_default: 0,
      created_at: '2025-01-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

describe('keeping counts', () => {
  it('counts the accounts and the songs of each genre that exist', async () => {
    const res = await t.app.inject({ url: '/api/admin/stats', headers: admin.headers });
    expect(res.json().data).toEqual({
      totalUsers: 3,
      totalSongs: 3,
      songsByGenre: [
        { _id: 'rock', count: 2 },
        { _id: 'jazz', count: 1 },
      ],
    });
  });

  it('gives each playlist the count and seconds of its songs', async () => {
    const rows = await t.database.db
      .selectFrom('playlists')
      .select(['id', 'song_count', 'duration'])
      .orderBy('name')
      .execute();
    expect(rows.map((row) => [row.id, Number(row.song_count), Number(row.duration)])).toEqual([
      [mix, 3, 361],
      [empty, 0, 0],
    ]);
    const res = await t.app.inject({ url: '/api/user/playlists', headers: owner.headers });
    const counts = res
      .json()
      .data.map((item: { _id: string; songCount: number }) => [item._id, item.songCount]);
    expect(counts).toEqual(expect.arrayContaining([[mix, 3]]));
  });
});
