import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Which rows use a content-addressed image: one stored file can serve several songs and playlists. */
export class ImageReferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isReferenced(key: string): Promise<boolean> {
    const [song, playlist] = await Promise.all([
      this.db
        .selectFrom('songs')
        .select('id')
        .where('cover_key', '=', key)
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('playlists')
        .select('id')
        .where('cover_key', '=', key)
        .limit(1)
        .executeTakeFirst(),
    ]);
    return song !== undefined || playlist !== undefined;
  }
}
