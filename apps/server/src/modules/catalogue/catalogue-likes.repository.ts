import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';

/** What a listener likes of the catalogue besides songs, which keep likes of their own. */
export type LikeKind = 'album' | 'artist';

const TABLE_OF: Record<LikeKind, 'albums' | 'artists'> = { album: 'albums', artist: 'artists' };

/**
 * A listener's likes of albums and artists: the `catalogue_stars` table, which the OpenSubsonic
 * API reads and writes as stars. A like names its item by kind and id, without a foreign key (the
 * item is in one of two tables); reads keep only the likes of items that still exist.
 */
export class CatalogueLikesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Flips a like in one transaction and answers whether it is now set; null, writing nothing, for
   * an unknown item. Two flips racing on one pair meet the primary key: the loser's insert does
   * nothing, and both answer true.
   */
  async toggle(
    userId: string,
    kind: LikeKind,
    itemId: string,
    now: string,
  ): Promise<boolean | null> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await exists(trx, kind, itemId))) return null;
      const removed = await removeLike(trx, userId, kind, itemId);
      if (Number(removed.numDeletedRows) > 0) return false;
      await addLike(trx, userId, kind, itemId, now);
      return true;
    });
  }

  /** Sets or clears a like, whatever it was (a Subsonic star); false for an unknown item. */
  async set(
    userId: string,
    kind: LikeKind,
    itemId: string,
    on: boolean,
    now: string,
  ): Promise<boolean> {
    if (!on) {
      await removeLike(this.db, userId, kind, itemId);
      return exists(this.db, kind, itemId);
    }
    if (!(await exists(this.db, kind, itemId))) return false;
    await addLike(this.db, userId, kind, itemId, now);
    return true;
  }

  /** The ids the user liked of one kind, newest like first; at most `limit` when given. */
  async likedIds(userId: string, kind: LikeKind, limit?: number): Promise<string[]> {
    let query = this.db
      .selectFrom('catalogue_stars')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where((eb) =>
        eb.exists(
          eb.selectFrom(TABLE_OF[kind]).select('id').whereRef('id', '=', 'catalogue_stars.item_id'),
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('item_id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return rows.map((row) => row.item_id);
  }

  /** When the user liked each of these items (ISO-8601), for those they liked. */
  likesAmong(
    userId: string,
    kind: LikeKind,
    itemIds: readonly string[],
  ): Promise<Map<string, string>> {
    if (itemIds.length === 0) return Promise.resolve(new Map<string, string>());
    return this.likes(userId, kind, [...new Set(itemIds)]);
  }

  /** Every like the user gave to items of one kind: fewer than a whole list asks about. */
  likesOf(userId: string, kind: LikeKind): Promise<Map<string, string>> {
    return this.likes(userId, kind, null);
  }

  private async likes(
    userId: string,
    kind: LikeKind,
    itemIds: string[] | null,
  ): Promise<Map<string, string>> {
    let query = this.db
      .selectFrom('catalogue_stars')
      .select(['item_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind);
    if (itemIds) query = query.where('item_id', 'in', itemIds);
    const rows = await query.execute();
    return new Map(rows.map((row) => [row.item_id, toIso(row.created_at)]));
  }
}

async function exists(db: Kysely<Database>, kind: LikeKind, itemId: string): Promise<boolean> {
  const row = await db
    .selectFrom(TABLE_OF[kind])
    .select('id')
    .where('id', '=', itemId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets a like; one already set keeps its time. */
function addLike(
  db: Kysely<Database>,
  userId: string,
  kind: LikeKind,
  itemId: string,
  now: string,
) {
  return db
    .insertInto('catalogue_stars')
    .values({ user_id: userId, kind, item_id: itemId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
    .execute();
}

/** Clears a like; answers how many rows went (none when it was not set). */
function removeLike(db: Kysely<Database>, userId: string, kind: LikeKind, itemId: string) {
  return db
    .deleteFrom('catalogue_stars')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}
