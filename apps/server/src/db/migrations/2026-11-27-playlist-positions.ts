import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * A playlist's order is its entries' `position`: dense, 1, 2, 3… with no gaps or ties, so that a
 * song moves by its index and a long playlist is read a page at a time in that order. Rows
 * written before either had gaps (a song removed without closing them) or ties; each playlist's
 * entries are numbered again here in the order they were shown (position, then when they were
 * added, then the song id), and an index on (playlist_id, position) serves the paged read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update playlist_songs
    set position = numbered.dense_position
    from (
      select
        playlist_id,
        song_id,
        row_number() over (
          partition by playlist_id order by position, added_at, song_id
        ) as dense_position
      from playlist_songs
    ) as numbered
    where playlist_songs.playlist_id = numbered.playlist_id
      and playlist_songs.song_id = numbered.song_id
      and playlist_songs.position <> numbered.dense_position
  `.execute(db);
  await db.schema
    .createIndex('playlist_songs_position_idx')
    .on('playlist_songs')
    .columns(['playlist_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('playlist_songs_position_idx').execute();
}
