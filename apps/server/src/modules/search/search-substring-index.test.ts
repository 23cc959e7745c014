import type { Song } from '@cadenza/contract/songs';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { onPostgres, onSqlite } from '../../../test/dialects';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';
import { postgresNewestSubstringMatches } from './postgres-search.repository';
import { recentSubstringMatches, SHORT_SUBSTRING_SONGS } from './recent-substring.repository';
import { SEARCH_FIELDS, type SearchGroup } from './search-groups';
import { sqliteNewestMatches, sqliteSubstringMatch } from './sqlite-search.repository';

/**
 * Substring search on a library large enough for PostgreSQL's planner to prefer the trigram
 * indexes over reading the table: the plans of its queries, and which songs a word of one or
 * two characters (which has no trigram) can reach.
 */

let t: TestApp;
let headers: { authorization: string };

const SONG_COUNT = SHORT_SUBSTRING_SONGS + 1000;
const START = Date.parse('2024-01-01T00:00:00.000Z');
const GROUPS: SearchGroup[] = [...SEARCH_FIELDS, 'any'];

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await createUser(t));
  const rows = Array.from({ length: SONG_COUNT }, (_, index) => {
    const id = newId();
    // The oldest song holds the only CJK text; every other one is filler.
    const oldest = index === 0;
    return {
      id,
      title: oldest ? '古い林檎の歌' : `Filler Song ${index}`,
      artist: oldest ? '椎名' : `Band ${index % 400}`,
      album: index % 3 === 0 ? null : `Album ${index % 1500}`,
      genre: 'pop',
      release_year: 2020,
      duration: 180,
      cover_key: null,
      audio_key: `audio/${id}.mp3`,
      audio_mime: 'audio/mpeg',
      audio_bytes: 1024,
      created_at: new Date(START + index * 1000).toISOString(),
    };
  });
  for (let offset = 0; offset < rows.length; offset += 500) {
    await t.database.db
      .insertInto('songs')
      .values(rows.slice(offset, offset + 500))
      .execute();
  }
  // Planner statistics, as autovacuum gathers them on a live server.
  if (testDialect === 'postgres') await sql`ANALYZE songs`.execute(t.database.db);
});
afterAll(() => t.close());

async function titlesFor(query: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/songs/search',
    query: { query },
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Song[] }>().data.map((song) => song.title);
}

async function plan(query: RawBuilder<unknown>): Promise<string> {
  if (testDialect === 'postgres') {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(t.database.db);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(
    t.database.db,
  );
  return rows.map((row) => row.detail).join('\n');
}

describe('substring search through trigram indexes', () => {
  it('finds words of three characters or more in the oldest song', async () => {
    expect(await titlesFor('林檎の')).toEqual(['古い林檎の歌']);
    expect(await titlesFor('古い林檎の歌')).toEqual(['古い林檎の歌']);
    expect(await titlesFor('林檎の 古い林')).toEqual(['古い林檎の歌']);
    expect(await titlesFor('林檎のうた')).toEqual([]);
  });

  it('reads only the newest songs for a word of one or two characters', async () => {
    expect(await titlesFor('林檎')).toEqual([]);
    expect(await titlesFor('椎名')).toEqual([]);
    expect(await titlesFor('林檎の 椎名')).toEqual([]);
    await t.database.db
      .updateTable('songs')
      .set({ created_at: new Date(START + SONG_COUNT * 1000).toISOString() })
      .where('title', '=', '古い林檎の歌')
      .execute();
    expect(await titlesFor('林檎')).toEqual(['古い林檎の歌']);
    expect(await titlesFor('林檎の 椎名')).toEqual(['古い林檎の歌']);
  });

  onSqlite.it(
    'looks each group up in the FTS5 trigram table on SQLite, never scanning songs',
    async () => {
      for (const group of GROUPS) {
        const found = await plan(
          sqliteNewestMatches(
            'songs_trigram',
            sqliteSubstringMatch(['林檎の', '古い林'], group),
            50,
          ),
        );
        expect(found, group).toMatch(/SCAN songs_trigram VIRTUAL TABLE INDEX/);
        expect(found, group).not.toMatch(/SCAN (songs|s)\b(?! VIRTUAL)/);
        expect(found, group).not.toMatch(/SCAN song_search_keys/);
      }
    },
  );

  onPostgres.it('looks each group up in its trigram index on PostgreSQL', async () => {
    for (const group of GROUPS) {
      const index = group === 'any' ? 'songs_search_substring_idx' : `songs_${group}_substring_idx`;
      const found = await plan(postgresNewestSubstringMatches(['林檎の', '古い林'], group, 50));
      expect(found, group).toContain(`Bitmap Index Scan on ${index}`);
      expect(found, group).not.toContain('Seq Scan');
    }
  });

  onPostgres.it(
    'reads each of the newest songs once for a short word on PostgreSQL, never by its id again',
    async () => {
      const found = await plan(recentSubstringMatches('postgres', ['林檎'], 50));
      expect(found).toContain('Index Scan Backward using songs_created_at_idx on songs');
      expect(found).not.toContain('songs_pkey');
      expect(found).not.toContain('Seq Scan');
    },
  );
});
