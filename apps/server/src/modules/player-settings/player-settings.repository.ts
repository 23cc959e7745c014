import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Each listener's playback settings, kept whole as one JSON document. */
export class PlayerSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The settings the listener saved, as stored (parsed JSON); null when none were saved. */
  async find(userId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('player_settings')
      .select('settings')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.settings) as unknown) : null;
  }

  async save(userId: string, settings: object): Promise<void> {
    const values = { settings: JSON.stringify(settings), updated_at: new Date().toISOString() };
    await this.db
      .insertInto('player_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
}
