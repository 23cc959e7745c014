import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Counts read on every visit are kept instead of counted: counting a million rows per request let
 * any visitor of the landing page saturate the server.
 *
 * - `counters`: one row per count the stats show, named `users` and `songs:<genre>` (the number
 *   of songs is the sum of the genres'). The repositories that insert or delete users and songs
 *   add to them in the same transaction, so the counts stay exact and every node reads the same.
 * - `playlists.song_count` and `playlists.duration` (the seconds of its songs): kept by every
 *   change to a playlist's songs, to a song's length, and by a song's deletion.
 *
 * Both are filled here from the rows that exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into counters (name, value)
    select 'users', count(*) from users
  `.execute(db);
  await sql`
    insert into counters (name, value)
    select 'songs:' || genre, count(*) from songs group by genre
  `.execute(db);

  await db.schema
    .alterTable('playlists')
    .addColumn('song_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('playlists')
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update playlists set
      song_count = (
        select count(*) from playlist_songs where playlist_songs.playlist_id = playlists.id
      ),
      duration = (
        select coalesce(sum(songs.duration), 0)
        from playlist_songs join songs on songs.id = playlist_songs.song_id
        where playlist_songs.playlist_id = playlists.id
      )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playlists').dropColumn('duration').execute();
  await db.schema.alterTable('playlists').dropColumn('song_count').execute();
  await db.schema.dropTable('counters').execute();
}
