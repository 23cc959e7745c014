import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER IF EXISTS songs_search_sync ON songs`.execute(db);
    await sql`DROP FUNCTION IF EXISTS song_search_sync()`.execute(db);
    await sql`DROP TABLE IF EXISTS song_search`.execute(db);
    await sql`DROP INDEX IF EXISTS songs_search_substring_idx`.execute(db);
    await sql`DROP FUNCTION IF EXISTS song_search_document(text, text, text, text)`.execute(db);
    await sql`DROP FUNCTION IF EXISTS search_fold(text)`.execute(db);
    return;
  }
  for (const trigger of ['songs_search_insert', 'songs_search_update', 'songs_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS songs_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS song_search_keys`.execute(db);
}

/**
 * SQLite: a contentless FTS5 index over title, artist, album and genre. Its rowids come from
 * `song_search_keys` rather than from `songs.rowid`, which VACUUM may renumber because songs has
 * a text primary key. Triggers keep both in step with every write to songs.
 */
async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE song_search_keys (
      key INTEGER PRIMARY KEY,
      song_id TEXT NOT NULL UNIQUE
    )`.execute(db);
  await sql`
    CREATE VIRTUAL TABLE songs_fts USING fts5(
      title, artist, album, genre,
      content = '',
      contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    )`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_insert AFTER INSERT ON songs BEGIN
      INSERT INTO song_search_keys (song_id) VALUES (new.id);
      INSERT INTO songs_fts (rowid, title, artist, album, genre)
        SELECT key, new.title, new.artist, new.album, new.genre
        FROM song_search_keys WHERE song_id = new.id;
    END`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_update AFTER UPDATE OF title, artist, album, genre ON songs BEGIN
      DELETE FROM songs_fts
        WHERE rowid = (SELECT key FROM song_search_keys WHERE song_id = old.id);
      INSERT INTO songs_fts (rowid, title, artist, album, genre)
        SELECT key, new.title, new.artist, new.album, new.genre
        FROM song_search_keys WHERE song_id = old.id;
    END`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_delete AFTER DELETE ON songs BEGIN
      DELETE FROM songs_fts
        WHERE rowid = (SELECT key FROM song_search_keys WHERE song_id = old.id);
      DELETE FROM song_search_keys WHERE song_id = old.id;
    END`.execute(db);
  await sql`INSERT INTO song_search_keys (song_id) SELECT id FROM songs`.execute(db);
  await sql`
    INSERT INTO songs_fts (rowid, title, artist, album, genre)
    SELECT k.key, s.title, s.artist, s.album, s.genre
    FROM songs s JOIN song_search_keys k ON k.song_id = s.id`.execute(db);
}

/**
 * PostgreSQL: a weighted tsvector per song (title A, artist B, album C, genre D) in its own
 * table, so `SELECT *` on songs never carries it, plus a trigram index for substring searches.
 * Text is folded the way SQLite's unicode61 tokenizer folds it: accents removed, lower case, and
 * every character other than a letter or digit a word break.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  await createExtension(db, 'unaccent');
  await createExtension(db, 'pg_trgm');
  // unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the
  // result fixed, which indexes require. The extensions live in public, outside search_path.
  await sql`
    CREATE FUNCTION search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
    AS $$
      SELECT regexp_replace(
        lower(public.unaccent('public.unaccent'::regdictionary, normalize(value, NFC))),
        '[^[:alnum:]]+', ' ', 'g')
    $$`.execute(db);
  await sql`
    CREATE FUNCTION song_search_document(title text, artist text, album text, genre text)
    RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT setweight(to_tsvector('simple'::regconfig, coalesce(search_fold(title), '')), 'A')
        || setweight(to_tsvector('simple'::regconfig, coalesce(search_fold(artist), '')), 'B')
        || setweight(to_tsvector('simple'::regconfig, coalesce(search_fold(album), '')), 'C')
        || setweight(to_tsvector('simple'::regconfig, coalesce(search_fold(genre), '')), 'D')
    $$`.execute(db);
  await sql`
    CREATE TABLE song_search (
      song_id text PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
      document tsvector NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX song_search_document_idx ON song_search USING gin (document)`.execute(db);
  await sql`
    CREATE FUNCTION song_search_sync() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT
    AS $$
    BEGIN
      INSERT INTO song_search (song_id, document)
      VALUES (NEW.id, song_search_document(NEW.title, NEW.artist, NEW.album, NEW.genre))
      ON CONFLICT (song_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER songs_search_sync
    AFTER INSERT OR UPDATE OF title, artist, album, genre ON songs
    FOR EACH ROW EXECUTE FUNCTION song_search_sync()`.execute(db);
  await sql`
    INSERT INTO song_search (song_id, document)
    SELECT id, song_search_document(title, artist, album, genre) FROM songs`.execute(db);
  // Must stay the very expression the substring search filters on, or the index goes unused.
  await sql`
    CREATE INDEX songs_search_substring_idx ON songs
    USING gin (lower(title || ' ' || artist || ' ' || coalesce(album, '') || ' ' || genre)
      public.gin_trgm_ops)`.execute(db);
}

/**
 * Extensions are database-wide while each test file migrates its own schema, often at the same
 * moment: a concurrent CREATE EXTENSION fails with a unique violation once the other commits.
 * The savepoint keeps the migration's transaction usable so the extension can be looked up.
 */
async function createExtension(db: Kysely<any>, name: 'unaccent' | 'pg_trgm'): Promise<void> {
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
