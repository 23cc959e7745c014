import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database';
import type { SongRow } from '../../db/schema';
import { SEARCH_FIELDS } from './search-groups';
import { containsAll, substringText } from './substring-like.repository';

/**
 * Songs a substring search holding a word of one or two characters reads, newest first: such a
 * word has no trigram to look up, so it is matched by LIKE within these only (decision 047).
 */
export const SHORT_SUBSTRING_SONGS = 5000;

/**
 * The best `limit` songs containing every word among the SHORT_SUBSTRING_SONGS newest, ranked
 * by group then newest first, the same on both databases.
 */
export function recentSubstringMatches(
  dialect: DialectName,
  words: readonly string[],
  limit: number,
): RawBuilder<SongRow> {
  const tier = sql.join(
    SEARCH_FIELDS.map(
      (field, index) =>
        sql`WHEN ${containsAll(substringText('s', field), words)} THEN ${sql.lit(index)}`,
    ),
    sql` `,
  );
  return sql<SongRow>`
    SELECT s.* FROM ${recentSongs(dialect)}
    WHERE ${containsAll(substringText('s', 'any'), words)}
    ORDER BY CASE ${tier} ELSE ${sql.lit(SEARCH_FIELDS.length)} END, s.created_at DESC, s.id DESC
    LIMIT ${limit}`;
}

/**
 * The SHORT_SUBSTRING_SONGS newest songs, as `s`. PostgreSQL reads their rows along the
 * created_at index, once. SQLite reads only their rowids in order, then each row once by rowid,
 * which a lookup by id (a separate index) would double; on PostgreSQL a lookup by id reads the
 * primary key and the row again for each of the thousands of songs, some 60 times the pages.
 */
function recentSongs(dialect: DialectName): RawBuilder<unknown> {
  const newest = sql`ORDER BY created_at DESC, id DESC LIMIT ${sql.lit(SHORT_SUBSTRING_SONGS)}`;
  if (dialect === 'postgres') return sql`(SELECT * FROM songs ${newest}) s`;
  return sql`(SELECT rowid AS key FROM songs ${newest}) r JOIN songs s ON s.rowid = r.key`;
}
