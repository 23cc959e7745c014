import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `column` holds a word that starts with `word`, as the song search matches (LIKE's own
 * wildcards in the word taken literally). Words are split on spaces only.
 */
export function startsAWord(column: string, word: string): RawBuilder<SqlBool> {
  const literal = word.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`(${sql.ref(column)} LIKE ${`${literal}%`} ESCAPE '\\' OR ${sql.ref(column)} LIKE ${`% ${literal}%`} ESCAPE '\\')`;
}

/** A kind's word index on SQLite (the catalogue-word-index migration). */
export interface SqliteWordIndex {
  readonly table: 'albums' | 'artists';
  /** The folded text searched, whose words the index holds. */
  readonly column: 'title_key' | 'name_key';
  readonly keys: 'album_word_keys' | 'artist_word_keys';
  readonly idColumn: 'album_id' | 'artist_id';
  readonly words: 'album_words' | 'artist_words';
  /** The order of the answer, ending in the id. */
  readonly order: readonly string[];
}

export const ALBUM_WORD_INDEX: SqliteWordIndex = {
  table: 'albums',
  column: 'title_key',
  keys: 'album_word_keys',
  idColumn: 'album_id',
  words: 'album_words',
  order: ['title_key', 'id'],
};

export const ARTIST_WORD_INDEX: SqliteWordIndex = {
  table: 'artists',
  column: 'name_key',
  keys: 'artist_word_keys',
  idColumn: 'artist_id',
  words: 'artist_words',
  order: ['sort_key', 'id'],
};

/**
 * FTS5 query: each word a quoted prefix term. The index's tokens are the words as split on
 * spaces, so a word (which holds no space) is always one token; inside quotes only `"` is
 * syntax, and it is doubled.
 */
function wordStartsMatch(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' AND ');
}

/**
 * Candidates above which walking the table in its order finds the first rows sooner than
 * sorting every candidate: past a few hundred among tens of thousands of rows, the first
 * matches in order come within a few thousand index entries (about a microsecond each), where
 * each candidate costs two lookups and a place in the sort (several).
 */
export const MOST_SORTED_CANDIDATES = 300;

/** SQLite: how many rows the word index gives for `words`, counted up to `atMost` + 1. */
export function sqliteWordStartCandidates(
  index: SqliteWordIndex,
  words: readonly string[],
  atMost: number,
): RawBuilder<{ n: number }> {
  const fts = sql.table(index.words);
  return sql<{ n: number }>`
    SELECT count(*) AS n FROM (
      SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${wordStartsMatch(words)} LIMIT ${atMost + 1}
    )`;
}

/**
 * SQLite: the ids of the first `limit` rows of `index.table`, in its order, whose text has a
 * word starting with each of `words`. The index gives every row that may match (its tokens are
 * case folded beyond ASCII, where LIKE is not), then startsAWord, the same predicate as on
 * PostgreSQL, keeps exactly the rows that do; only those few are sorted. The joins run in the
 * order written (CROSS JOIN), so the index is read first rather than the whole table in order.
 */
export function sqliteWordStartIds(
  index: SqliteWordIndex,
  words: readonly string[],
  limit: number,
): RawBuilder<string> {
  const row = (column: string) => sql.ref(`t.${column}`);
  const exact = sql.join(
    words.map((word) => startsAWord(`t.${index.column}`, word)),
    sql` AND `,
  );
  return sql<string>`
    SELECT t.id FROM ${sql.table(index.words)} f
    CROSS JOIN ${sql.table(index.keys)} k
    CROSS JOIN ${sql.table(index.table)} t
    WHERE f.${sql.ref(index.words)} MATCH ${wordStartsMatch(words)}
      AND k.key = f.rowid AND t.id = k.${sql.ref(index.idColumn)} AND ${exact}
    ORDER BY ${sql.join(index.order.map(row))}
    LIMIT ${limit}`;
}
