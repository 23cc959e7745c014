import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '@cadenza/contract/catalogue';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { migrateToLatest } from '../database';

/** Albums by year on their index of one direction: the same order as before it, both ways. */

let t: TestApp;
let listener: CreatedUser;

const BEFORE = '2026-12-01-catalogue-word-index';
let added = 0;

async function addAlbums(names: readonly (readonly [string, number | null])[]): Promise<void> {
  // Each by an artist of its own: albums of one title, each its own album.
  for (const [album, releaseYear] of names) {
    added += 1;
    await createSong(t, { title: `${album} song`, artist: `Artist ${added}`, album, releaseYear });
  }
}

/** The year order as it was written before the migration, in SQL of its own. */
async function previousOrder(): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM albums ORDER BY coalesce(year, -1) DESC, title_key, id`.execute(t.database.db);
  return rows.map((row) => row.id);
}

async function albumIndexes(): Promise<string[]> {
  const { rows } =
    testDialect === 'postgres'
      ? await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'albums' AND schemaname = ${t.postgresSchema}`.execute(
          t.database.db,
        )
      : await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'albums'`.execute(
          t.database.db,
        );
  return rows.map((row) => row.name);
}

async function byYear(limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await t.app.inject({
      url: `/api/user/albums?sort=year&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: listener.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Album[]; nextCursor?: string }>();
    ids.push(...body.data.map((album) => album._id));
    cursor = body.nextCursor;
  } while (cursor !== undefined);
  return ids;
}

let orderDown: string[];
let indexesDown: string[];

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  await addAlbums([
    ['Same', 1999],
    ['Same', 1999],
    ['Other', 1999],
    ['Undated', null],
    ['Undated', null],
    ['Newer', 2020],
    ['Same', 1999],
    ['Another', null],
    ['Oldest', 1950],
  ]);
  // Going back drops the index and every later change, the songs' later columns with them: the
  // albums are all there first (an index holds no rows of its own, so when they came is moot).
  const { error } = await migratorOf(t).migrateTo(BEFORE);
  if (error) throw new Error('The database could not go back.', { cause: error });
  indexesDown = await albumIndexes();
  orderDown = await previousOrder();
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

describe('the albums-by-year-one-range migration', () => {
  it('goes down to the index it replaced', () => {
    expect(indexesDown).toContain('albums_year_title_idx');
    expect(indexesDown).not.toContain('albums_by_year_idx');
  });

  it('keeps the order of albums by year, a page at a time, on its own index', async () => {
    expect(orderDown).toHaveLength(9);
    expect(await previousOrder()).toEqual(orderDown);
    for (const limit of [1, 2, 4, 100]) expect(await byYear(limit)).toEqual(orderDown);
    const indexes = await albumIndexes();
    expect(indexes).toContain('albums_by_year_idx');
    expect(indexes).not.toContain('albums_year_title_idx');
  });
});
