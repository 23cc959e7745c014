import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * - `play_queues.current_index`: which entry of the saved queue is current, by its place, so that
 *   a queue holding the same song twice resumes at the right one (OpenSubsonic's index-based
 *   queue). Queues saved before it name only their current song; null means "the first entry of
 *   that song".
 * - `bookmarks`: where a listener stopped in a song, one per listener and song, to resume there
 *   (Subsonic's bookmarks; the web offers them for long tracks).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable('play_queues').addColumn('current_index', 'integer').execute();
  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('position_ms', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('changed_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pkey', ['user_id', 'song_id'])
    .execute();
  // A listener's bookmarks, most recently changed first; and a song's, when it is deleted.
  await db.schema
    .createIndex('bookmarks_user_changed_idx')
    .on('bookmarks')
    .columns(['user_id', 'changed_at', 'song_id'])
    .execute();
  await db.schema.createIndex('bookmarks_song_idx').on('bookmarks').column('song_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bookmarks').execute();
  await db.schema.alterTable('play_queues').dropColumn('current_index').execute();
}
