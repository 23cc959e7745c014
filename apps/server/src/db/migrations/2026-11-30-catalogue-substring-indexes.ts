import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * The combined search's albums and artists (a word of the title or name starting with each
 * word searched: `LIKE 'word%' OR LIKE '% word%'`) through pg_trgm GIN indexes on PostgreSQL.
 * Without them a rare word reads every album (80,000 in a library of a million songs) and a
 * common one walks the titles in order until 20 match, thousands of rows. Built from the
 * albums and artists only, never the songs: a second or so on such a library.
 * SQLite has no index for a LIKE inside a text, so nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // pg_trgm is there since the song-substring-index migration. fastupdate is off, as for the
  // other search indexes (decision 005).
  for (const [table, column] of INDEXED) {
    await sql`
      CREATE INDEX ${sql.ref(`${table}_${column}_substring_idx`)} ON ${sql.table(table)}
      USING gin (${sql.ref(column)} public.gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of INDEXED) {
    await sql`DROP INDEX ${sql.ref(`${table}_${column}_substring_idx`)}`.execute(db);
  }
}

const INDEXED = [
  ['albums', 'title_key'],
  ['artists', 'name_key'],
] as const;
