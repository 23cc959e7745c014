import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Substring search (scripts without spaces, and short queries that matched no word start)
 * through trigram indexes instead of a LIKE over every song (decision 047).
 *
 * SQLite: `songs_trigram`, a contentless FTS5 table with the trigram tokenizer over title,
 * artist, album and genre, keyed like `songs_fts` by `song_search_keys.key` (a time key, so its
 * matches come newest first). The four triggers that keep `songs_fts` in step now keep both.
 * PostgreSQL: one pg_trgm GIN index per field, beside the one over all four fields, so a field's
 * matches are found without reading the others'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const field of FIELDS) {
      await sql`DROP INDEX ${sql.ref(`songs_${field}_substring_idx`)}`.execute(db);
    }
    return;
  }
  await createSqliteTriggers(db, false);
  await sql`DROP TABLE songs_trigram`.execute(db);
}

const FIELDS = ['title', 'artist', 'album', 'genre'] as const;
const SQLITE_KEY_SHIFT = 20;

async function upSqlite(db: Kysely<any>): Promise<void> {
  // detail=full (the default): a term of more than three characters is a phrase of trigrams.
  await sql`
    CREATE VIRTUAL TABLE songs_trigram USING fts5(
      title, artist, album, genre,
      content = '',
      contentless_delete = 1,
      tokenize = 'trigram case_sensitive 0'
    )`.execute(db);
  await createSqliteTriggers(db, true);
  await sql`
    INSERT INTO songs_trigram (rowid, title, artist, album, genre)
    SELECT k.key, s.title, s.artist, s.album, s.genre
    FROM songs s JOIN song_search_keys k ON k.song_id = s.id`.execute(db);
}

/**
 * The search triggers of the song-search and song-search-fields migrations, writing to
 * `songs_trigram` as well as `songs_fts` when `withTrigrams` is set. One trigger per write keeps
 * both tables in step whatever order SQLite fires triggers in.
 */
async function createSqliteTriggers(db: Kysely<any>, withTrigrams: boolean): Promise<void> {
  const tables = withTrigrams ? ['songs_fts', 'songs_trigram'] : ['songs_fts'];
  const each = (statement: (table: string) => string) =>
    sql.raw(tables.map((table) => statement(table)).join('\n'));
  const removeOld = each(
    (table) => `DELETE FROM ${table}
      WHERE rowid = (SELECT key FROM song_search_keys WHERE song_id = old.id);`,
  );
  const indexNew = each(
    (table) => `INSERT INTO ${table} (rowid, title, artist, album, genre)
      SELECT key, new.title, new.artist, new.album, new.genre
      FROM song_search_keys WHERE song_id = new.id;`,
  );
  const keyNew = sql`
    INSERT INTO song_search_keys (key, song_id)
      SELECT coalesce(
          (SELECT max(key) + 1 FROM song_search_keys
            WHERE key BETWEEN b.base AND b.base + ${sql.lit(2 ** SQLITE_KEY_SHIFT - 1)}),
          b.base),
        new.id
      FROM (SELECT (coalesce(CAST(round(unixepoch(new.created_at, 'subsec') * 1000) AS INTEGER), 0)
        << ${sql.lit(SQLITE_KEY_SHIFT)}) AS base) b;`;
  for (const trigger of [
    'songs_search_insert',
    'songs_search_update',
    'songs_search_delete',
    'songs_search_rekey',
  ]) {
    await sql`DROP TRIGGER ${sql.ref(trigger)}`.execute(db);
  }
  await sql`CREATE TRIGGER songs_search_insert AFTER INSERT ON songs BEGIN ${keyNew} ${indexNew} END`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER songs_search_update AFTER UPDATE OF title, artist, album, genre ON songs
    BEGIN ${removeOld} ${indexNew} END`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_delete AFTER DELETE ON songs BEGIN
      ${removeOld}
      DELETE FROM song_search_keys WHERE song_id = old.id;
    END`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_rekey AFTER UPDATE OF created_at ON songs BEGIN
      ${removeOld}
      DELETE FROM song_search_keys WHERE song_id = old.id;
      ${keyNew}
      ${indexNew}
    END`.execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await createExtension(db, 'pg_trgm');
  // Must stay the very expressions the substring search filters on, or the indexes go unused.
  // fastupdate is off, as for the other search indexes (decision 005).
  for (const field of FIELDS) {
    await sql`
      CREATE INDEX ${sql.ref(`songs_${field}_substring_idx`)} ON songs
      USING gin (lower(${sql.ref(field)}) public.gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  }
}

/**
 * As in the song-search migration: a concurrent CREATE EXTENSION (another schema migrating at the
 * same moment) fails once the other commits, so the extension is then looked up instead.
 */
async function createExtension(db: Kysely<any>, name: 'pg_trgm'): Promise<void> {
  await sql`SAVEPOINT create_extension`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS ${sql.raw(name)} SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT create_extension`.execute(db);
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT create_extension`.execute(db);
    const found = await sql`SELECT 1 FROM pg_extension WHERE extname = ${name}`.execute(db);
    if (found.rows.length === 0) throw error;
  }
}
