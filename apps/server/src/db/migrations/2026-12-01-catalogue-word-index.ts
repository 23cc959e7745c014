import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * The combined search's albums and artists (a word of the folded title or name starting with
 * each word searched) through an index on SQLite, which read every album and artist for it.
 * PostgreSQL has its trigram indexes (the catalogue-substring-indexes migration): nothing
 * changes there.
 *
 * Per kind, a contentless FTS5 table over the folded text whose tokens are exactly its words as
 * the search splits them, on spaces and nothing else (every other character is a token
 * character), case folded, accents kept; `"word"*` then finds every row with a word starting
 * so, and a few more whose words only differ by case beyond ASCII, which the search's own LIKE
 * drops again. Prefix indexes answer the short prefixes typed first. A key table gives each
 * album or artist a rowid of its own (SQLite may renumber a table's implicit rowids on VACUUM),
 * and triggers keep both in step with every write, in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const kind of KINDS) {
    const { table, column, keys, words, idColumn } = kind;
    await sql`CREATE TABLE ${sql.table(keys)} (
      key INTEGER PRIMARY KEY,
      ${sql.ref(idColumn)} TEXT NOT NULL UNIQUE
    )`.execute(db);
    await sql`
      CREATE VIRTUAL TABLE ${sql.table(words)} USING fts5(
        ${sql.ref(column)},
        content = '',
        contentless_delete = 1,
        detail = none,
        prefix = '1 2 3',
        tokenize = ${sql.lit(WORDS_TOKENIZER)}
      )`.execute(db);
    const keyNew = `INSERT INTO ${keys} (${idColumn}) VALUES (new.id);`;
    const indexNew = `INSERT INTO ${words} (rowid, ${column})
      SELECT key, new.${column} FROM ${keys} WHERE ${idColumn} = new.id;`;
    const removeOld = `DELETE FROM ${words}
        WHERE rowid = (SELECT key FROM ${keys} WHERE ${idColumn} = old.id);
      DELETE FROM ${keys} WHERE ${idColumn} = old.id;`;
    await sql`CREATE TRIGGER ${sql.ref(`${table}_words_insert`)} AFTER INSERT ON ${sql.table(table)}
      BEGIN ${sql.raw(keyNew)} ${sql.raw(indexNew)} END`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.ref(`${table}_words_update`)}
      AFTER UPDATE OF id, ${sql.ref(column)} ON ${sql.table(table)}
      BEGIN ${sql.raw(removeOld)} ${sql.raw(keyNew)} ${sql.raw(indexNew)} END`.execute(db);
    await sql`CREATE TRIGGER ${sql.ref(`${table}_words_delete`)} AFTER DELETE ON ${sql.table(table)}
      BEGIN ${sql.raw(removeOld)} END`.execute(db);
    await sql`INSERT INTO ${sql.table(keys)} (${sql.ref(idColumn)})
      SELECT id FROM ${sql.table(table)}`.execute(db);
    await sql`INSERT INTO ${sql.table(words)} (rowid, ${sql.ref(column)})
      SELECT k.key, t.${sql.ref(column)} FROM ${sql.table(table)} t
      JOIN ${sql.table(keys)} k ON k.${sql.ref(idColumn)} = t.id`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const { table, keys, words } of KINDS) {
    for (const write of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER ${sql.ref(`${table}_words_${write}`)}`.execute(db);
    }
    await sql`DROP TABLE ${sql.table(words)}`.execute(db);
    await sql`DROP TABLE ${sql.table(keys)}`.execute(db);
  }
}

/**
 * unicode61 with every Unicode category a token character and the space alone a separator, so
 * a token is a run of anything but spaces; case folded, accents kept.
 */
const WORDS_TOKENIZER = `unicode61 remove_diacritics 0 categories 'L* N* Co M* P* S* Z* C*' separators ' '`;

const KINDS = [
  {
    table: 'albums',
    column: 'title_key',
    keys: 'album_word_keys',
    words: 'album_words',
    idColumn: 'album_id',
  },
  {
    table: 'artists',
    column: 'name_key',
    keys: 'artist_word_keys',
    words: 'artist_words',
    idColumn: 'artist_id',
  },
] as const;
