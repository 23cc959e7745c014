import type { Kysely } from 'kysely';
import type { Database, SongRow } from '../../db/schema';

/** The songs a user liked or saved, most recent first. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async songsIn(table: 'likes' | 'saves', userId: string): Promise<SongRow[]> {
    return this.db
      .selectFrom(table)
      .innerJoin('songs', 'songs.id', `${table}.song_id`)
      .selectAll('songs')
      .where(`${table}.user_id`, '=', userId)
      .orderBy(`${table}.created_at`, 'desc')
      .orderBy('songs.id', 'desc')
      .execute();
  }
}
