import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Ids per query: well under SQLite's limit of bound parameters. */
const BATCH = 500;

/** A tag genre as a song or album names it. */
export interface SongGenre {
  readonly id: string;
  readonly name: string;
}

/**
 * The tag genres of each of these songs, in their order on the song, read in one query per few
 * hundred songs; a song without `song_genres` rows has none. Every repository that answers songs
 * completes its rows with it, beside `creditsOfSongs` (song-credits.ts), on the handle it read
 * them with.
 */
export async function genresOfSongs(
  db: Kysely<Database>,
  songs: ReadonlyArray<{ readonly id: string }>,
): Promise<Map<string, SongGenre[]>> {
  const bySong = new Map<string, SongGenre[]>();
  const unique = [...new Set(songs.map((song) => song.id))];
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = await db
      .selectFrom('song_genres')
      .innerJoin('genres', 'genres.id', 'song_genres.genre_id')
      .select(['song_genres.song_id', 'genres.id', 'genres.name'])
      .where('song_genres.song_id', 'in', unique.slice(start, start + BATCH))
      .orderBy('song_genres.song_id')
      .orderBy('song_genres.position')
      .execute();
    for (const row of rows) {
      const list = bySong.get(row.song_id) ?? [];
      list.push({ id: row.id, name: row.name });
      bySong.set(row.song_id, list);
    }
  }
  return bySong;
}

/**
 * The tag genres of each of these albums: every genre of its songs, the one most of them have
 * first (ties: the one its songs name earlier, then by name), in one query per few hundred albums.
 */
export async function genresOfAlbums(
  db: Kysely<Database>,
  albums: ReadonlyArray<{ readonly id: string }>,
): Promise<Map<string, SongGenre[]>> {
  const byAlbum = new Map<string, SongGenre[]>();
  const unique = [...new Set(albums.map((album) => album.id))];
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = await db
      .selectFrom('songs')
      .innerJoin('song_genres', 'song_genres.song_id', 'songs.id')
      .innerJoin('genres', 'genres.id', 'song_genres.genre_id')
      .select(['songs.album_id', 'genres.id', 'genres.name'])
      .where('songs.album_id', 'in', unique.slice(start, start + BATCH))
      .groupBy(['songs.album_id', 'genres.id', 'genres.name', 'genres.name_key'])
      .orderBy('songs.album_id')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`min(song_genres.position)`)
      .orderBy('genres.name_key')
      .execute();
    for (const row of rows) {
      if (row.album_id === null) continue;
      const list = byAlbum.get(row.album_id) ?? [];
      list.push({ id: row.id, name: row.name });
      byAlbum.set(row.album_id, list);
    }
  }
  return byAlbum;
}
