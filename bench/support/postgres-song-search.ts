// PostgreSQL's search table filled for all songs in one statement instead of by the
// songs_search_sync trigger row by row. The statement is the trigger's INSERT (migration
// 2026-11-21-song-search-fields) over every song, with the same functions on the same columns;
// bench/library-loaders-check.ts compares the outcome with the trigger's on a small library.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

const TRIGGER = 'songs_search_sync';

/** Runs `loadSongs` with the trigger off, then fills song_search from the songs loaded. */
export async function loadSongsThenSearch<T>(
  db: Kysely<Database>,
  loadSongs: () => Promise<T>,
): Promise<T> {
  const empty = await sql<{ any: number }>`SELECT count(*) AS any FROM songs`.execute(db);
  if (Number(empty.rows[0]?.any) !== 0) {
    // Songs already there would have their rows already: this fills the table from nothing.
    throw new Error('song_search is filled in one statement only for a library without songs');
  }
  await sql`ALTER TABLE songs DISABLE TRIGGER ${sql.ref(TRIGGER)}`.execute(db);
  const loaded = await loadSongs();
  await db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO song_search (song_id, document, created_at,
        title_document, artist_document, album_document, genre_document)
      SELECT id, song_search_document(title, artist, album, genre), created_at,
        song_field_document(title), song_field_document(artist),
        song_field_document(album), song_field_document(genre)
      FROM songs`.execute(trx);
    await sql`ALTER TABLE songs ENABLE TRIGGER ${sql.ref(TRIGGER)}`.execute(trx);
  });
  const { rows } = await sql<{ enabled: string }>`
    SELECT tgenabled AS enabled FROM pg_trigger
    WHERE tgname = ${TRIGGER} AND tgrelid = to_regclass('songs')`.execute(db);
  if (rows[0]?.enabled !== 'O') throw new Error(`${TRIGGER} is not enabled again after the load`);
  return loaded;
}
