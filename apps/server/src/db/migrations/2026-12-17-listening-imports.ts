import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Listening history brought from elsewhere (Spotify, ListenBrainz, Last.fm) and the listening
 * history page:
 * - `listening_imports`: one row per file a listener sent, with how far its processing got;
 * - `listening_import_listens`: the listens of a file still to process, in file order (a row
 *   goes in the transaction that turns it into a play or an unmatched listen, so an import
 *   stopped by a restart carries on where it was);
 * - `listening_import_keys`: every listen ever brought along, by listener, time and normalised
 *   artist and title, so that sending the same file twice adds nothing;
 * - `unmatched_listens`: listens no library song matched, for the listener to match or dismiss;
 * - `song_match_keys`: each song's normalised artist and title (and album), refreshed before an
 *   import matches, so that matching is an index lookup per batch;
 * - an index of plays in the order the history page reads them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('listening_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unmatched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema
    .createIndex('listening_imports_user_idx')
    .on('listening_imports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('listening_import_listens')
    .addColumn('import_id', 'text', (c) =>
      c.notNull().references('listening_imports.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('album', 'text')
    .addPrimaryKeyConstraint('listening_import_listens_pkey', ['import_id', 'position'])
    .execute();
  await db.schema
    .createTable('listening_import_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listen_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('listening_import_keys_pkey', ['user_id', 'listen_key'])
    .execute();
  await db.schema
    .createTable('unmatched_listens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('played_at', timestamp, (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('album', 'text')
    .execute();
  await db.schema
    .createIndex('unmatched_listens_user_idx')
    .on('unmatched_listens')
    .columns(['user_id', 'played_at', 'id'])
    .execute();
  await db.schema
    .createTable('song_match_keys')
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('match_key', 'text', (c) => c.notNull())
    .addColumn('album_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_match_keys_pkey', ['song_id', 'match_key'])
    .execute();
  await db.schema
    .createIndex('song_match_keys_key_idx')
    .on('song_match_keys')
    .column('match_key')
    .execute();
  await db.schema
    .createIndex('plays_user_history_idx')
    .on('plays')
    .columns(['user_id', 'played_at', 'id'])
    .execute();
  await db.schema
    .createIndex('plays_user_song_idx')
    .on('plays')
    .columns(['user_id', 'song_id', 'played_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plays_user_song_idx').execute();
  await db.schema.dropIndex('plays_user_history_idx').execute();
  await db.schema.dropTable('song_match_keys').execute();
  await db.schema.dropTable('unmatched_listens').execute();
  await db.schema.dropTable('listening_import_keys').execute();
  await db.schema.dropTable('listening_import_listens').execute();
  await db.schema.dropTable('listening_imports').execute();
}
