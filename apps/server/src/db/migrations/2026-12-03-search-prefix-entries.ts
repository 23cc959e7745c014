import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * PostgreSQL: song search finds a word start as one entry of a GIN index rather than as a range
 * of entries. A prefix term (`dre:*`) makes GIN gather every song of every word so starting
 * into a bitmap before two words are intersected: 13–17 ms for two common words at a million
 * songs. Each document's index now holds every prefix of every word as a whole entry
 * (`search_prefixes`), so a word start is an exact term, and GIN intersects two terms by
 * skipping through their posting lists: under 2 ms for the same search. The indexes are on an
 * expression of the stored documents, so no row changes; each replaces the plain index of its
 * document, which no search reads any more.
 *
 * SQLite: the word index `songs_fts` keeps prefix indexes of 1 to 8 characters rather than 2
 * and 3. FTS5 reads a prefix it has no index for by merging the song lists of every word so
 * starting, whole, before the first match is known; a prefix it has indexed is one list, read
 * newest first only as far as the answer needs (an artist and a title prefix: 8–9 ms → 3–4 ms
 * over the five groups at a million songs). The table is built again from the songs under the
 * same keys, in one transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await rebuildSqliteWordIndex(db, SQLITE_PREFIXES);
    return;
  }
  await sql`
    CREATE FUNCTION search_prefixes(document tsvector) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT
    -- Dear beside a column's own test: the planner then looks a rare word up in the index
    -- rather than computing this for song after song until one matches. Restricted to the
    -- leader, so a search's few thousand rows are never read by parallel workers, which take
    -- longer to start than the read (13 against 9 ms for an artist's songs at a million).
    PARALLEL RESTRICTED COST 1000
    AS $$
      SELECT array_to_tsvector(coalesce(array_agg(left(word, n)), '{}'))
      FROM unnest(tsvector_to_array(document)) AS word,
        generate_series(1, length(word)) AS n
    $$`.execute(db);
  for (const column of DOCUMENTS) {
    await sql`DROP INDEX ${sql.ref(`song_search_${column}_idx`)}`.execute(db);
    // fastupdate off, as every search index (decision 005).
    await sql`
      CREATE INDEX ${sql.ref(`song_search_${column}_prefixes_idx`)} ON song_search
      USING gin (search_prefixes(${sql.ref(column)})) WITH (fastupdate = off)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await rebuildSqliteWordIndex(db, '2 3');
    return;
  }
  for (const column of DOCUMENTS) {
    await sql`DROP INDEX ${sql.ref(`song_search_${column}_prefixes_idx`)}`.execute(db);
    await sql`
      CREATE INDEX ${sql.ref(`song_search_${column}_idx`)} ON song_search
      USING gin (${sql.ref(column)}) WITH (fastupdate = off)`.execute(db);
  }
  await sql`DROP FUNCTION search_prefixes(tsvector)`.execute(db);
}

const DOCUMENTS = [
  'document',
  'title_document',
  'artist_document',
  'album_document',
  'genre_document',
] as const;

const SQLITE_PREFIXES = '1 2 3 4 5 6 7 8';

/**
 * songs_fts as the song-search migration made it, with prefix indexes of the given lengths,
 * filled from the songs under their keys. The search triggers name the table, so they write the
 * new one. One transaction: a stop halfway leaves the old index as it was.
 */
async function rebuildSqliteWordIndex(db: Kysely<any>, prefixes: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE songs_fts`.execute(trx);
    await sql`
      CREATE VIRTUAL TABLE songs_fts USING fts5(
        title, artist, album, genre,
        content = '',
        contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = ${sql.lit(prefixes)}
      )`.execute(trx);
    await sql`
      INSERT INTO songs_fts (rowid, title, artist, album, genre)
      SELECT k.key, s.title, s.artist, s.album, s.genre
      FROM songs s JOIN song_search_keys k ON k.song_id = s.id`.execute(trx);
  });
}
