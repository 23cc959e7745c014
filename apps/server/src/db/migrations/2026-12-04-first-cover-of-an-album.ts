import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * An album without a cover of its own shows its first track's (by disc, track, time added, id)
 * that has one. Through `songs_album_idx` that read every song of the album and sorted them: an
 * artist's picture, the newest of their albums' covers, took a dozen row reads an album, and
 * twenty artists of a search a thousand or more (up to 11 ms on SQLite at a million songs, on a
 * connection that had not read them yet). This index holds the songs that have a cover in that
 * order, with the cover itself, so the answer is the first entry of one seek. Partial: songs
 * without a cover are never asked for. The expressions are the very ones of the query's order
 * (catalogue.repository.ts, albumCoverKey), or the index goes unused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX songs_album_cover_idx ON songs (
      album_id, coalesce(disc_number, 1), coalesce(track_number, 0), created_at, id, cover_key
    ) WHERE cover_key IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX songs_album_cover_idx`.execute(db);
}
