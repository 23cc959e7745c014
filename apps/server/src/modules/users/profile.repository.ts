import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { songRecordsOf } from '../songs/song-artists.repository';
import type { SongRecord } from '../songs/song-record';

/** The songs a user liked or saved, most recent first. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async songsIn(table: 'likes' | 'saves', userId: string): Promise<SongRecord[]> {
    const rows = await this.db
      .selectFrom(table)
      .innerJoin('songs', 'songs.id', `${table}.song_id`)
      .selectAll('songs')
      .where(`${table}.user_id`, '=', userId)
      .orderBy(`${table}.created_at`, 'desc')
      .orderBy('songs.id', 'desc')
      .execute();
    return songRecordsOf(this.db, rows);
  }
}
