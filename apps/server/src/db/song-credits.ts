import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Song ids per query: well under SQLite's limit of bound parameters. */
const BATCH = 500;

/** An artist credited on a song, as the `song_artists` row names it. */
export interface SongCredit {
  readonly id: string;
  readonly name: string;
  readonly role: 'main' | 'featured';
}

/**
 * The artists credited on each of these songs (main ones first, in credit order), read in one
 * query per few hundred songs; a song without artist rows has none. Every repository that
 * answers songs completes its rows with it: a read over `song_artists` and `artists` with no
 * rule of any module (decision 080).
 */
export async function creditsOfSongs(
  db: Kysely<Database>,
  songs: ReadonlyArray<{ readonly id: string }>,
): Promise<Map<string, SongCredit[]>> {
  const bySong = new Map<string, SongCredit[]>();
  const unique = [...new Set(songs.map((song) => song.id))];
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = await db
      .selectFrom('song_artists')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select(['song_artists.song_id', 'song_artists.role', 'artists.id', 'artists.name'])
      .where('song_artists.song_id', 'in', unique.slice(start, start + BATCH))
      .orderBy('song_artists.song_id')
      .orderBy('song_artists.position')
      .execute();
    for (const row of rows) {
      const list = bySong.get(row.song_id) ?? [];
      list.push({ id: row.id, name: row.name, role: row.role });
      bySong.set(row.song_id, list);
    }
  }
  return bySong;
}
