import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SongsRepository, type SongMark } from '../songs/songs.repository';
import type { SongRecord } from '../songs/song-record';

/** The songs a profile shows: the first page of the user's liked or saved songs. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The `limit` songs the user liked or saved last, newest mark first. */
  async newestIn(mark: SongMark, userId: string, limit: number): Promise<SongRecord[]> {
    const page = await new SongsRepository(this.db).markedPage(mark, userId, { limit });
    return page.items;
  }
}
