import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Recently Played reads each listener's last play of each song, newest first. Grouping every
 * play the listener ever made to find them grew with their history (hundreds of milliseconds for
 * a listener of many thousand songs). `last_plays` keeps one row per listener and song, written
 * in the transaction that records a play, indexed in the order the list is read, so that a page
 * is a range read of its first rows. Filled here from the plays that exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const playId = postgres ? sql`bigint` : sql`integer`;
  await db.schema
    .createTable('last_plays')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('played_at', timestamp, (c) => c.notNull())
    .addColumn('play_id', playId, (c) => c.notNull())
    .addPrimaryKeyConstraint('last_plays_pkey', ['user_id', 'song_id'])
    .execute();
  await sql`
    INSERT INTO last_plays (user_id, song_id, played_at, play_id)
    SELECT user_id, song_id, max(played_at), max(id) FROM plays GROUP BY user_id, song_id
  `.execute(db);
  await db.schema
    .createIndex('last_plays_user_recent_idx')
    .on('last_plays')
    .columns(['user_id', 'played_at', 'play_id'])
    .execute();
  await db.schema.createIndex('last_plays_song_idx').on('last_plays').column('song_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('last_plays').execute();
}
