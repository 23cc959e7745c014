import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * An index in the very order of each keyset-paged list that had none, so that a page is one range
 * read from the cursor on, however deep in the list it lies:
 *
 * - the admin area's accounts, newest first by (created_at, id), replacing the index on
 *   created_at alone, whose ties the id did not break;
 * - a listener's own playlists, by (owner_id, created_at, id), replacing the one on owner_id,
 *   which it starts with; the admin area's playlists are those of its few administrators, each
 *   one's read from the cursor on in this index too;
 * - the default public playlists every listener sees, by (is_default, is_public, created_at, id);
 * - albums by year, newest year first (undated last), then title and id.
 */
const INDEXES = [
  ['users_created_id_idx', 'users', ['created_at', 'id']],
  ['playlists_owner_created_idx', 'playlists', ['owner_id', 'created_at', 'id']],
  ['playlists_default_created_idx', 'playlists', ['is_default', 'is_public', 'created_at', 'id']],
] as const;

/** Indexes the new ones make redundant: each is where one of them starts. */
const REPLACED = [
  ['users_created_at_idx', 'users', ['created_at']],
  ['playlists_owner_idx', 'playlists', ['owner_id']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
  // The very expression the year listing orders by, or the index goes unused.
  await sql`CREATE INDEX albums_year_title_idx ON albums (coalesce(year, -1) DESC, title_key, id)`.execute(
    db,
  );
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of REPLACED) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
  await db.schema.dropIndex('albums_year_title_idx').execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
