import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The stored site settings: one row per setting changed from its default, its value as JSON. */
export class SiteSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every stored setting, by key, its value as written (JSON text). */
  async all(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('site_settings').select(['key', 'value']).execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async find(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Writes the settings given, each replacing its stored value, together. */
  async write(values: ReadonlyMap<string, string>, now: Date): Promise<void> {
    if (values.size === 0) return;
    const updatedAt = now.toISOString();
    await this.db
      .insertInto('site_settings')
      .values([...values].map(([key, value]) => ({ key, value, updated_at: updatedAt })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
