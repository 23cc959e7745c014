import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/dialects';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { QueryRecorder } from '../../../test/query-plugins';
import { migratorOf } from '../../../test/migrations';
import { newId } from '../../ids';
import { CatalogueRepository } from '../../modules/catalogue/catalogue.repository';
import { migrateToLatest } from '../database';

/**
 * Albums and artists stored before the trigram indexes: found by the combined search's word
 * starts afterwards, through the indexes on PostgreSQL rather than by reading every album.
 */

/** Enough rows that PostgreSQL, with statistics, prefers an index to a sequential scan. */
const ROWS = 6000;
const BATCH = 500;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-29-song-substring-index');
  if (error) throw new Error('The database could not go back.', { cause: error });
  const at = new Date(Date.UTC(2025, 0, 1)).toISOString();
  const artists = Array.from({ length: ROWS }, (_, i) => {
    const name = i === 0 ? 'The Velvet Zebras' : `Band ${i}`;
    const key = name.toLowerCase();
    return { id: newId(), name, name_key: key, sort_name: name, sort_key: key, created_at: at };
  });
  const albums = artists.map((artist, i) => {
    const title = i === 0 ? 'Night of the Zebra' : `Record ${i}`;
    return {
      id: newId(),
      group_key: `${artist.id}/${i}`,
      title,
      title_key: title.toLowerCase(),
      album_artist_id: artist.id,
      created_at: at,
    };
  });
  for (let start = 0; start < ROWS; start += BATCH) {
    await t.database.db
      .insertInto('artists')
      .values(artists.slice(start, start + BATCH))
      .execute();
    await t.database.db
      .insertInto('albums')
      .values(albums.slice(start, start + BATCH))
      .execute();
  }
  await migrateToLatest(t.database.db, t.postgresSchema);
  if (testDialect === 'postgres') {
    await t.database.db.executeQuery(CompiledQuery.raw('ANALYZE albums, artists'));
  }
});
afterAll(() => t.close());

/** The plan PostgreSQL chooses for the one query `read` runs. */
async function planOf(read: (catalogue: CatalogueRepository) => Promise<unknown>): Promise<string> {
  const recorder = new QueryRecorder(t.database.db);
  await read(new CatalogueRepository(t.database.db.withPlugin(recorder)));
  const [query] = recorder.queries;
  const { rows } = await t.database.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${query!.sql}`, [...query!.parameters]),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('the catalogue-substring-indexes migration', () => {
  it('finds the albums and artists already stored by word starts', async () => {
    const catalogue = new CatalogueRepository(t.database.db);
    expect((await catalogue.albumsMatching('zeb', 20)).map((album) => album.title)).toEqual([
      'Night of the Zebra',
    ]);
    expect((await catalogue.artistsMatching('velv zebr', 20)).map((a) => a.name)).toEqual([
      'The Velvet Zebras',
    ]);
    expect(await catalogue.albumsMatching('ebra', 20)).toEqual([]);
  });

  onPostgres.it(
    'looks a rare word up in the trigram indexes on PostgreSQL, never reading every row',
    async () => {
      const albums = await planOf((catalogue) => catalogue.albumsMatching('zebra', 20));
      expect(albums).toContain('Bitmap Index Scan on albums_title_key_substring_idx');
      expect(albums).not.toContain('Seq Scan on albums');
      const artists = await planOf((catalogue) => catalogue.artistsMatching('zebra', 20));
      expect(artists).toContain('Bitmap Index Scan on artists_name_key_substring_idx');
      expect(artists).not.toContain('Seq Scan on artists');
    },
  );

  it('goes down and up again', async () => {
    const migrator = migratorOf(t);
    expect((await migrator.migrateTo('2026-11-29-song-substring-index')).error).toBeUndefined();
    await migrateToLatest(t.database.db, t.postgresSchema);
    const catalogue = new CatalogueRepository(t.database.db);
    expect((await catalogue.albumsMatching('night', 20)).map((album) => album.title)).toEqual([
      'Night of the Zebra',
    ]);
  });
});
