import type { Kysely } from 'kysely';
import type { Database, SongRow } from '../../db/schema';
import { songRecordOf, type SongArtistRecord, type SongRecord } from './song-record';

/** Song ids per query: well under SQLite's limit of bound parameters. */
const BATCH = 500;

/**
 * The artists of each of these songs (main ones first, in credit order), read in one query per
 * few hundred songs; a song without artist rows has none.
 */
export async function artistsOfSongs(
  db: Kysely<Database>,
  songIds: readonly string[],
): Promise<Map<string, SongArtistRecord[]>> {
  const bySong = new Map<string, SongArtistRecord[]>();
  const unique = [...new Set(songIds)];
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

/** These records (read without their artists) with their artists. */
export async function withArtists(
  db: Kysely<Database>,
  records: readonly SongRecord[],
): Promise<SongRecord[]> {
  const artists = await artistsOfSongs(
    db,
    records.map((record) => record.id),
  );
  return records.map((record) => ({ ...record, artists: artists.get(record.id) ?? [] }));
}

/** The records of these song rows, in their order, each with its artists. */
export async function songRecordsOf(
  db: Kysely<Database>,
  rows: readonly SongRow[],
): Promise<SongRecord[]> {
  const artists = await artistsOfSongs(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => songRecordOf(row, artists.get(row.id) ?? []));
}

/** The record of one song row with its artists. */
export async function songRecordOfRow(db: Kysely<Database>, row: SongRow): Promise<SongRecord> {
  const [record] = await songRecordsOf(db, [row]);
  if (!record) throw new Error(`song ${row.id} was not read`);
  return record;
}
