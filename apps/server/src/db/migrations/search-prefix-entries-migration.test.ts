import type { Song } from '@cadenza/contract/songs';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { migratorOf } from '../../../test/migrations';
import { insertSongRows, songRowValues } from '../../../test/song-rows';
import { onPostgres, onSqlite } from '../../../test/dialects';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import {
  postgresEveryWordStarts,
  postgresNewestWordMatches,
} from '../../modules/search/postgres-search.repository';
import { migrateToLatest } from '../database';

/**
 * Songs stored before every word start became an index entry of its own: found by word starts
 * of every length afterwards, through the new indexes on PostgreSQL.
 */

/** Enough songs that PostgreSQL, with statistics, would rather read the table than an index. */
const FILLER_SONGS = 6000;
const START = Date.UTC(2024, 0, 1);

let t: TestApp;
let listener: CreatedUser;

function songRow(title: string, artist: string, album: string | null, second: number) {
  return songRowValues({
    title,
    artist,
    album,
    genre: 'other',
    createdAt: new Date(START + second * 1000).toISOString(),
  });
}

let renamed: string;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  const { error } = await migratorOf(t).migrateTo('2026-12-02-albums-by-year-one-range');
  if (error) throw new Error('The database could not go back.', { cause: error });
  const fillers = Array.from({ length: FILLER_SONGS }, (_, index) =>
    songRow(`Filler Song ${index}`, `Band ${index % 400}`, `Album ${index % 1500}`, index + 10),
  );
  const corazon = songRow('Corazón Salvaje', 'Lucía Fernández', 'Noches de Verano', 1);
  const quetzal = songRow('Quetzal Quartet', 'Wanderers', null, 2);
  renamed = quetzal.id;
  await insertSongRows(t, [corazon, quetzal, ...fillers]);
  await migrateToLatest(t.database.db, t.postgresSchema);
  // Planner statistics, as autovacuum gathers them on a live server.
  if (testDialect === 'postgres') await sql`ANALYZE songs, song_search`.execute(t.database.db);
});
afterAll(() => t.close());

async function titlesFor(query: string): Promise<string[]> {
  const res = await t.app.inject({
    url: '/api/user/songs/search',
    query: { query },
    headers: listener.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Song[] }>().data.map((song) => song.title);
}

async function postgresPlan(query: RawBuilder<unknown>): Promise<string> {
  const { rows } = await sql<{
    'QUERY PLAN': string;
  }>`EXPLAIN ${query}`.execute(t.database.db);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('the search-prefix-entries migration', () => {
  it('finds the songs already stored by word starts of every length', async () => {
    expect(await titlesFor('q')).toEqual(['Quetzal Quartet']);
    expect(await titlesFor('qu')).toEqual(['Quetzal Quartet']);
    expect(await titlesFor('cor')).toEqual(['Corazón Salvaje']);
    expect(await titlesFor('corazon')).toEqual(['Corazón Salvaje']);
    expect(await titlesFor('fernandez')).toEqual(['Corazón Salvaje']);
    expect(await titlesFor('lucia sal')).toEqual(['Corazón Salvaje']);
    expect(await titlesFor('noches verano corazón')).toEqual(['Corazón Salvaje']);
    expect(await titlesFor('Filler 5999')).toEqual(['Filler Song 5999']);
    expect(await titlesFor('salvajes')).toEqual([]);
    expect(await titlesFor('orazon')).toEqual([]);
  });

  it('keeps the index in step with later changes', async () => {
    await t.database.db
      .updateTable('songs')
      .set({ title: 'Quokka Quest' })
      .where('id', '=', renamed)
      .execute();
    expect(await titlesFor('quetz')).toEqual([]);
    expect(await titlesFor('quok')).toEqual(['Quokka Quest']);
    await insertSongRows(t, [songRow('Quokka Dawn', 'Wanderers', null, 3)]);
    expect(await titlesFor('quok')).toEqual(['Quokka Dawn', 'Quokka Quest']);
  });

  onPostgres.it(
    'looks every word start up as one entry of the GIN index on PostgreSQL, on one process',
    async () => {
      const group = await postgresPlan(postgresNewestWordMatches('lucia fern', 'artist', 50));
      expect(group).toContain('Bitmap Index Scan on song_search_artist_document_prefixes_idx');
      expect(group).not.toMatch(/Seq Scan|Parallel/);
      const probe = await postgresPlan(sql`SELECT ${postgresEveryWordStarts(['fernandez'])}`);
      expect(probe).toContain('Bitmap Index Scan on song_search_document_prefixes_idx');
      expect(probe).not.toMatch(/Seq Scan|Parallel/);
    },
  );

  onSqlite.it(
    'keeps prefix indexes of one to eight characters in the word index on SQLite',
    async () => {
      const { rows } = await sql<{
        sql: string;
      }>`SELECT sql FROM sqlite_master WHERE name = 'songs_fts'`.execute(t.database.db);
      expect(rows[0]?.sql).toContain("prefix = '1 2 3 4 5 6 7 8'");
    },
  );

  it('goes down and up again', async () => {
    const migrator = migratorOf(t);
    expect((await migrator.migrateTo('2026-12-02-albums-by-year-one-range')).error).toBeUndefined();
    await migrateToLatest(t.database.db, t.postgresSchema);
    expect(await titlesFor('fernandez')).toEqual(['Corazón Salvaje']);
  });
});
