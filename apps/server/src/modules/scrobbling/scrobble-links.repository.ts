import type { Kysely } from 'kysely';
import type { ScrobbleTarget } from '@cadenza/contract/scrobbling';
import type { Database } from '../../db/schema';
import type { LinkState, ScrobbleLinkRecord } from './scrobbling-records';

/** Each listener's links to ListenBrainz and Last.fm. */
export class ScrobbleLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async ofUser(userId: string): Promise<ScrobbleLinkRecord[]> {
    const rows = await this.db
      .selectFrom('scrobble_links')
      .select(['user_id', 'service', 'state', 'user_name', 'credential'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      service: row.service as ScrobbleTarget,
      state: row.state as LinkState,
      userName: row.user_name,
      credential: row.credential,
    }));
  }

  async find(userId: string, service: ScrobbleTarget): Promise<ScrobbleLinkRecord | null> {
    return (await this.ofUser(userId)).find((link) => link.service === service) ?? null;
  }

  /**
   * Keeps the link, replacing what was there in place: listens waiting for a link that must be
   * made again stay queued for it.
   */
  async save(link: ScrobbleLinkRecord, now: Date): Promise<void> {
    const values = {
      state: link.state,
      user_name: link.userName,
      credential: link.credential,
      updated_at: now.toISOString(),
    };
    await this.db
      .insertInto('scrobble_links')
      .values({ user_id: link.userId, service: link.service, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'service']).doUpdateSet(values))
      .execute();
  }

  /** Marks the link as refused by its service, if it still holds `credential`. */
  async markReconnect(
    userId: string,
    service: ScrobbleTarget,
    credential: string,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('scrobble_links')
      .set({ state: 'reconnect', updated_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .where('credential', '=', credential)
      .where('state', '=', 'connected')
      .execute();
  }

  /** Removes the link and (by cascade) the listens still waiting for it. */
  async remove(userId: string, service: ScrobbleTarget): Promise<void> {
    await this.db
      .deleteFrom('scrobble_links')
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .execute();
  }
}
