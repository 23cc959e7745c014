import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Lets search find the newest matches of one field without ranking every match (decision 005).
 * SQLite: the full-text rowid becomes a time key, so the index itself yields newest first.
 * PostgreSQL: `created_at` and one tsvector per field beside the weighted document, so search
 * can read recent songs newest first, or one field's matches through its own GIN index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER songs_search_sync ON songs`.execute(db);
    await sql`
      CREATE TRIGGER songs_search_sync
      AFTER INSERT OR UPDATE OF title, artist, album, genre ON songs
      FOR EACH ROW EXECUTE FUNCTION song_search_sync()`.execute(db);
    await createPostgresSync(db, false);
    for (const column of FIELD_COLUMNS) {
      await sql`ALTER TABLE song_search DROP COLUMN ${sql.ref(column)}`.execute(db);
    }
    await sql`ALTER TABLE song_search DROP COLUMN created_at`.execute(db);
    await sql`DROP FUNCTION song_field_document(text)`.execute(db);
    for (const index of ['song_search_document_idx', 'songs_search_substring_idx']) {
      await sql`ALTER INDEX ${sql.ref(index)} RESET (fastupdate)`.execute(db);
    }
    return;
  }
  await sql`DROP TRIGGER songs_search_rekey`.execute(db);
  await sql`DROP TRIGGER songs_search_insert`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_insert AFTER INSERT ON songs BEGIN
      INSERT INTO song_search_keys (song_id) VALUES (new.id);
      INSERT INTO songs_fts (rowid, title, artist, album, genre)
        SELECT key, new.title, new.artist, new.album, new.genre
        FROM song_search_keys WHERE song_id = new.id;
    END`.execute(db);
}

/**
 * A song's key is the millisecond of its `created_at` shifted left by 20 bits, plus a count of
 * the songs already keyed in that millisecond: key order is `created_at` order, to the
 * millisecond (songs created in the same millisecond are ordered by id when read). Dates up to
 * the year 2248 fit in the 63 bits. `created_at` is ISO 8601 UTC text on SQLite, as
 * `Date.toISOString` writes it, so its text order (which ORDER BY uses) is its time order.
 */
const SQLITE_KEY_SHIFT = 20;

function sqliteKeyBase(createdAt: 'new.created_at' | 'created_at') {
  return sql`(coalesce(CAST(round(unixepoch(${sql.raw(createdAt)}, 'subsec') * 1000) AS INTEGER), 0) << ${sql.lit(SQLITE_KEY_SHIFT)})`;
}

/** Keys the song `new.id` (its row in songs as `new`) and indexes its fields under that key. */
const sqliteKeyAndIndexNew = sql`
  INSERT INTO song_search_keys (key, song_id)
    SELECT coalesce(
        (SELECT max(key) + 1 FROM song_search_keys
          WHERE key BETWEEN b.base AND b.base + ${sql.lit(2 ** SQLITE_KEY_SHIFT - 1)}),
        b.base),
      new.id
    FROM (SELECT ${sqliteKeyBase('new.created_at')} AS base) b;
  INSERT INTO songs_fts (rowid, title, artist, album, genre)
    SELECT key, new.title, new.artist, new.album, new.genre
    FROM song_search_keys WHERE song_id = new.id;`;

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER songs_search_insert`.execute(db);
  await sql`CREATE TRIGGER songs_search_insert AFTER INSERT ON songs BEGIN ${sqliteKeyAndIndexNew} END`.execute(
    db,
  );
  // The update trigger of the search migration re-indexes the fields under the same key.
  await sql`
    CREATE TRIGGER songs_search_rekey AFTER UPDATE OF created_at ON songs BEGIN
      DELETE FROM songs_fts
        WHERE rowid = (SELECT key FROM song_search_keys WHERE song_id = old.id);
      DELETE FROM song_search_keys WHERE song_id = old.id;
      ${sqliteKeyAndIndexNew}
    END`.execute(db);

  await sql`INSERT INTO songs_fts (songs_fts) VALUES ('delete-all')`.execute(db);
  await sql`DELETE FROM song_search_keys`.execute(db);
  await sql`
    INSERT INTO song_search_keys (key, song_id)
    SELECT base + row_number() OVER (PARTITION BY base ORDER BY created_at, id) - 1, id
    FROM (SELECT id, created_at, ${sqliteKeyBase('created_at')} AS base FROM songs)`.execute(db);
  await sql`
    INSERT INTO songs_fts (rowid, title, artist, album, genre)
    SELECT k.key, s.title, s.artist, s.album, s.genre
    FROM songs s JOIN song_search_keys k ON k.song_id = s.id`.execute(db);
}

const FIELD_COLUMNS = [
  'title_document',
  'artist_document',
  'album_document',
  'genre_document',
] as const;

/**
 * song_search_sync() of the search migration, which also fills `created_at` and the per-field
 * documents when `withFields` is set.
 */
async function createPostgresSync(db: Kysely<any>, withFields: boolean): Promise<void> {
  const body = withFields
    ? sql`
      INSERT INTO song_search (song_id, document, created_at,
        title_document, artist_document, album_document, genre_document)
      VALUES (NEW.id, song_search_document(NEW.title, NEW.artist, NEW.album, NEW.genre),
        NEW.created_at, song_field_document(NEW.title), song_field_document(NEW.artist),
        song_field_document(NEW.album), song_field_document(NEW.genre))
      ON CONFLICT (song_id) DO UPDATE SET document = EXCLUDED.document,
        created_at = EXCLUDED.created_at,
        title_document = EXCLUDED.title_document, artist_document = EXCLUDED.artist_document,
        album_document = EXCLUDED.album_document, genre_document = EXCLUDED.genre_document;`
    : sql`
      INSERT INTO song_search (song_id, document)
      VALUES (NEW.id, song_search_document(NEW.title, NEW.artist, NEW.album, NEW.genre))
      ON CONFLICT (song_id) DO UPDATE SET document = EXCLUDED.document;`;
  await sql`
    CREATE OR REPLACE FUNCTION song_search_sync() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT
    AS $$
    BEGIN
      ${body}
      RETURN NULL;
    END
    $$`.execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // One field folded like song_search_document() folds each of them, without a weight.
  await sql`
    CREATE FUNCTION song_field_document(value text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT to_tsvector('simple'::regconfig, coalesce(search_fold(value), '')) $$`.execute(db);
  await sql`ALTER TABLE song_search ADD COLUMN created_at timestamptz`.execute(db);
  for (const column of FIELD_COLUMNS) {
    await sql`ALTER TABLE song_search ADD COLUMN ${sql.ref(column)} tsvector`.execute(db);
  }
  await sql`
    UPDATE song_search d SET created_at = s.created_at,
      title_document = song_field_document(s.title),
      artist_document = song_field_document(s.artist),
      album_document = song_field_document(s.album),
      genre_document = song_field_document(s.genre)
    FROM songs s WHERE s.id = d.song_id`.execute(db);
  await sql`ALTER TABLE song_search ALTER COLUMN created_at SET NOT NULL`.execute(db);
  for (const column of FIELD_COLUMNS) {
    await sql`ALTER TABLE song_search ALTER COLUMN ${sql.ref(column)} SET NOT NULL`.execute(db);
    await sql`
      CREATE INDEX ${sql.ref(`song_search_${column}_idx`)} ON song_search
      USING gin (${sql.ref(column)}) WITH (fastupdate = off)`.execute(db);
  }
  // With fastupdate, new entries wait in a pending list that every search reads through until
  // a vacuum merges it: a few megabytes of it cost tens of milliseconds per search. A library
  // is written seldom and searched often, so entries go straight into the index instead.
  for (const index of ['song_search_document_idx', 'songs_search_substring_idx']) {
    await sql`ALTER INDEX ${sql.ref(index)} SET (fastupdate = off)`.execute(db);
    await sql`SELECT gin_clean_pending_list(${sql.lit(index)}::regclass)`.execute(db);
  }
  await sql`CREATE INDEX song_search_created_at_idx ON song_search (created_at, song_id)`.execute(
    db,
  );
  await createPostgresSync(db, true);
  await sql`DROP TRIGGER songs_search_sync ON songs`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_sync
    AFTER INSERT OR UPDATE OF title, artist, album, genre, created_at ON songs
    FOR EACH ROW EXECUTE FUNCTION song_search_sync()`.execute(db);
}
