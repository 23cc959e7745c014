import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SongAudioFacts } from './media-types';

/** The rows that know what stored media is: songs for their audio, `images` for covers. */
export class MediaTypesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The type the rows record for an object; null when none names it. */
  async typeOf(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('songs')
      .select('audio_mime as mime')
      .where('audio_key', '=', key)
      .unionAll(this.db.selectFrom('images').select('mime').where('key', '=', key))
      .limit(1)
      .executeTakeFirst();
    return row?.mime ?? null;
  }

  /** The type, length and rate of a song's audio, by its key; null when no song has it. */
  async audioOf(key: string): Promise<SongAudioFacts | null> {
    const row = await this.db
      .selectFrom('songs')
      .select(['audio_mime', 'duration', 'bit_rate'])
      .where('audio_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    return row
      ? {
          mime: row.audio_mime,
          seconds: Number(row.duration),
          bitRate: row.bit_rate === null ? null : Number(row.bit_rate),
        }
      : null;
  }
}
