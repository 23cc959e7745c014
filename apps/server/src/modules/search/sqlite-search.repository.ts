import { sql, type RawBuilder } from 'kysely';
import type { SongRow } from '../../db/schema';
import type { SearchGroup } from './search-groups';

/**
 * SQLite full-text rowids are `created_at` in milliseconds shifted left by this many bits, plus a
 * count within the millisecond (the song-search-fields migration).
 */
const SQLITE_KEY_SHIFT = 20;

/** The two full-text tables keyed by `song_search_keys.key`: words, and substrings. */
export type SqliteSearchTable = 'songs_fts' | 'songs_trigram';

/** FTS5 query: each word a quoted prefix term, within one field by a column filter. */
export function sqliteWordMatch(words: readonly string[], group: SearchGroup): string {
  return withinGroup(words.map((word) => `"${word}"*`).join(' AND '), group);
}

/**
 * FTS5 query on the trigram table: each word a quoted phrase, which matches wherever its
 * characters appear together (three at least), case ignored, within one field by a column filter.
 */
export function sqliteSubstringMatch(words: readonly string[], group: SearchGroup): string {
  return withinGroup(words.map((word) => `"${word}"`).join(' AND '), group);
}

function withinGroup(allWords: string, group: SearchGroup): string {
  return group === 'any' ? allWords : `{${group}} : (${allWords})`;
}

/**
 * The newest `limit` songs matching `match` in `table`. The full-text rowids follow
 * `created_at` to the millisecond, so the newest `limit` matches by rowid come straight from the
 * index. Songs of the same millisecond as the last of them, with a lower rowid, may come before
 * it by id, so those are added; then the few candidates are ordered exactly, by `created_at`
 * and id. `match` must hold only quoted letters and digits (see search-terms.ts).
 */
export function sqliteNewestMatches(
  table: SqliteSearchTable,
  match: string,
  limit: number,
): RawBuilder<SongRow> {
  const shift = sql.lit(SQLITE_KEY_SHIFT);
  const fts = sql.table(table);
  // Keys pass 2^53, so they stay in SQL rather than become JavaScript numbers.
  return sql<SongRow>`
    WITH newest AS MATERIALIZED (
      SELECT rowid AS key FROM ${fts} WHERE ${fts} MATCH ${match}
      ORDER BY rowid DESC LIMIT ${limit}
    ),
    last AS MATERIALIZED (
      SELECT count(*) AS found, min(key) AS key, (min(key) >> ${shift}) << ${shift} AS millisecond
      FROM newest
    ),
    candidates AS (
      SELECT key FROM newest
      UNION ALL
      SELECT f.rowid FROM last CROSS JOIN ${fts} f
      WHERE last.found = ${limit} AND last.key > last.millisecond
        AND f.${fts} MATCH ${match} AND f.rowid >= last.millisecond AND f.rowid < last.key
    )
    SELECT s.* FROM candidates c
    JOIN song_search_keys k ON k.key = c.key
    JOIN songs s ON s.id = k.song_id
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT ${limit}`;
}
