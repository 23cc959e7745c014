import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';

export type StarKind = 'album' | 'artist';
export type RatingKind = 'song' | 'album' | 'artist';

/** Reads over the distinct ids asked about, or answers nothing without reading when none are. */
function amongDistinct<T>(
  itemIds: readonly string[],
  read: (ids: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  return itemIds.length === 0 ? Promise.resolve(new Map<string, T>()) : read([...new Set(itemIds)]);
}

/** A listener's stars on albums and artists, and ratings of songs, albums and artists. */
export class AnnotationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stars or unstars, whatever it was; an item that does not exist is the caller's to check. */
  async setStar(userId: string, kind: StarKind, itemId: string, on: boolean, now: string) {
    if (!on) return this.remove('catalogue_stars', userId, kind, itemId);
    await this.db
      .insertInto('catalogue_stars')
      .values({ user_id: userId, kind, item_id: itemId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
      .execute();
  }

  /** When the user starred each of these items, for those they starred. */
  starsAmong(userId: string, kind: StarKind, itemIds: readonly string[]) {
    return amongDistinct(itemIds, (ids) => this.stars(userId, kind, ids));
  }

  /** Every star the user gave to items of one kind: fewer than a whole list asks about. */
  starsOf(userId: string, kind: StarKind): Promise<Map<string, string>> {
    return this.stars(userId, kind, null);
  }

  private async stars(
    userId: string,
    kind: StarKind,
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

  /** The ids the user starred of one kind, newest star first. */
  async starred(userId: string, kind: StarKind, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('catalogue_stars')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('item_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.item_id);
  }

  /** Sets a rating from 1 to 5, or clears it with 0. */
  async setRating(userId: string, kind: RatingKind, itemId: string, rating: number) {
    if (rating === 0) return this.remove('ratings', userId, kind, itemId);
    await this.db
      .insertInto('ratings')
      .values({ user_id: userId, kind, item_id: itemId, rating })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ rating }))
      .execute();
  }

  /** The user's rating of each of these items, for those they rated. */
  ratingsAmong(userId: string, kind: RatingKind, itemIds: readonly string[]) {
    return amongDistinct(itemIds, (ids) => this.ratings(userId, kind, ids));
  }

  /** Every rating the user gave to items of one kind. */
  ratingsOf(userId: string, kind: RatingKind): Promise<Map<string, number>> {
    return this.ratings(userId, kind, null);
  }

  private async ratings(
    userId: string,
    kind: RatingKind,
    itemIds: string[] | null,
  ): Promise<Map<string, number>> {
    let query = this.db
      .selectFrom('ratings')
      .select(['item_id', 'rating'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind);
    if (itemIds) query = query.where('item_id', 'in', itemIds);
    const rows = await query.execute();
    return new Map(rows.map((row) => [row.item_id, Number(row.rating)]));
  }

  /** Takes back the user's star or rating of one item. */
  private async remove(
    table: 'catalogue_stars' | 'ratings',
    userId: string,
    kind: RatingKind,
    itemId: string,
  ) {
    await this.db
      .deleteFrom(table)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', '=', itemId)
      .execute();
  }
}
