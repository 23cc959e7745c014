import type { Kysely, Selectable } from 'kysely';
import type { ShareKind } from '@cadenza/contract/shares';
import { toIso, type Database } from '../../db/schema';

/** A public link a listener made. */
export interface ShareRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly kind: ShareKind;
  /** The songs in order, or the one album's or playlist's id. */
  readonly itemIds: readonly string[];
  readonly description: string | null;
  /** ISO-8601 UTC; null for never. */
  readonly expiresAt: string | null;
  readonly allowDownload: boolean;
  readonly viewCount: number;
  readonly playCount: number;
  readonly lastViewedAt: string | null;
  readonly createdAt: string;
}

export interface ShareChange {
  readonly description?: string | null;
  readonly expiresAt?: string | null;
  readonly allowDownload?: boolean;
}

/** Most shares one listener's list shows: the newest. */
const LISTED_SHARES = 1000;

function recordOf(row: Selectable<Database['shares']>): ShareRecord {
  return {
    id: row.id,
    ownerId: row.user_id,
    kind: row.kind,
    itemIds: JSON.parse(row.item_ids) as string[],
    description: row.description,
    expiresAt: row.expires_at === null ? null : toIso(row.expires_at),
    allowDownload: row.allow_download === 1,
    viewCount: Number(row.view_count),
    playCount: Number(row.play_count),
    lastViewedAt: row.last_viewed_at === null ? null : toIso(row.last_viewed_at),
    createdAt: toIso(row.created_at),
  };
}

export class SharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(share: Omit<ShareRecord, 'viewCount' | 'playCount' | 'lastViewedAt'>) {
    await this.db
      .insertInto('shares')
      .values({
        id: share.id,
        user_id: share.ownerId,
        kind: share.kind,
        item_ids: JSON.stringify(share.itemIds),
        description: share.description,
        expires_at: share.expiresAt,
        allow_download: share.allowDownload ? 1 : 0,
        view_count: 0,
        play_count: 0,
        created_at: share.createdAt,
      })
      .execute();
  }

  async find(id: string): Promise<ShareRecord | null> {
    const row = await this.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /** The owner's shares, newest first. */
  async ofOwner(ownerId: string): Promise<ShareRecord[]> {
    const rows = await this.db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LISTED_SHARES)
      .execute();
    return rows.map(recordOf);
  }

  /** The share after the change; null when it is not there. */
  async update(id: string, change: ShareChange): Promise<ShareRecord | null> {
    const values = {
      ...(change.description === undefined ? {} : { description: change.description }),
      ...(change.expiresAt === undefined ? {} : { expires_at: change.expiresAt }),
      ...(change.allowDownload === undefined
        ? {}
        : { allow_download: change.allowDownload ? 1 : 0 }),
    };
    if (Object.keys(values).length > 0) {
      await this.db.updateTable('shares').set(values).where('id', '=', id).execute();
    }
    return this.find(id);
  }

  /** Whether there was a share to remove. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('shares').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** One more visit, counted in the row itself so that simultaneous visits all count. */
  async countView(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('shares')
      .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed_at: at }))
      .where('id', '=', id)
      .execute();
  }

  async countPlay(id: string): Promise<void> {
    await this.db
      .updateTable('shares')
      .set((eb) => ({ play_count: eb('play_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}
