import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TrackFacts } from './scrobbling-records';

/** What ListenBrainz and Last.fm are told of a song: its artist, title, album and duration. */
export class ScrobbleTracksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(songId: string): Promise<TrackFacts | null> {
    const row = await this.db
      .selectFrom('songs')
      .select(['title', 'artist', 'album', 'duration'])
      .where('id', '=', songId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      artist: row.artist,
      track: row.title,
      album: row.album,
      durationSeconds: row.duration,
    };
  }
}
