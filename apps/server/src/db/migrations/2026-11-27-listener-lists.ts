import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * What a listener's own lists need:
 *
 * - Liked songs and the library (saves) are read newest mark first, a page at a time: an index on
 *   (user_id, created_at, song_id) serves each page as a range read, however many marks there are.
 * - The songs of one genre are read newest first: (genre, created_at, id) does the same for them.
 * - `artist_plays` counts each listener's plays per artist (the main artists of each song played),
 *   kept in the transaction that records a play, so that "artists you play most" reads a
 *   listener's few counters instead of every play they ever made. Existing plays are counted in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  for (const table of ['likes', 'saves']) {
    await db.schema
      .createIndex(`${table}_user_created_idx`)
      .on(table)
      .columns(['user_id', 'created_at', 'song_id'])
      .execute();
  }
  await db.schema
    .createIndex('songs_genre_created_idx')
    .on('songs')
    .columns(['genre', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('artist_plays')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('play_count', 'integer', (c) => c.notNull())
    .addColumn('last_played_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('artist_plays_pkey', ['user_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('artist_plays_user_count_idx')
    .on('artist_plays')
    .columns(['user_id', 'play_count', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('artist_plays_artist_idx')
    .on('artist_plays')
    .column('artist_id')
    .execute();
  await sql`
    INSERT INTO artist_plays (user_id, artist_id, play_count, last_played_at)
    SELECT plays.user_id, song_artists.artist_id, count(*), max(plays.played_at)
    FROM plays
    JOIN song_artists ON song_artists.song_id = plays.song_id AND song_artists.role = 'main'
    GROUP BY plays.user_id, song_artists.artist_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('artist_plays').execute();
  await db.schema.dropIndex('songs_genre_created_idx').execute();
  for (const table of ['likes', 'saves']) {
    await db.schema.dropIndex(`${table}_user_created_idx`).execute();
  }
}
