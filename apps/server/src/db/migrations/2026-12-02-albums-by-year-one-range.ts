import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Albums by year in an index that runs one way: `-coalesce(year, -1)` ascending is the year
 * newest first with undated albums (-1, so 1 here) last, as `coalesce(year, -1) DESC` was, and
 * with the title and id ascending after it the whole order is one row-value comparison. A deep
 * page is then one range of this index from the cursor on, where the index it replaces (the year
 * descending, then the title ascending) had to be read from the start of the cursor's year.
 *
 * PostgreSQL bounds a row-value comparison by an index on that expression. SQLite does not when
 * the row starts with an expression, only with a column: there the key is a virtual generated
 * column (computed when read, nothing stored) and the index is on that column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    // The very expression the year listing orders by, or the index goes unused.
    await sql`CREATE INDEX albums_by_year_idx ON albums ((-coalesce(year, -1)), title_key, id)`.execute(
      db,
    );
  } else {
    await sql`ALTER TABLE albums ADD COLUMN year_order INTEGER GENERATED ALWAYS AS (-coalesce(year, -1)) VIRTUAL`.execute(
      db,
    );
    await db.schema
      .createIndex('albums_by_year_idx')
      .on('albums')
      .columns(['year_order', 'title_key', 'id'])
      .execute();
  }
  await db.schema.dropIndex('albums_year_title_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX albums_year_title_idx ON albums (coalesce(year, -1) DESC, title_key, id)`.execute(
    db,
  );
  await db.schema.dropIndex('albums_by_year_idx').execute();
  if (!onPostgres(db)) await db.schema.alterTable('albums').dropColumn('year_order').execute();
}

function onPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
