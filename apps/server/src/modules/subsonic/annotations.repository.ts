import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type RatingKind = 'song' | 'album' | 'artist';

/**
 * A listener's ratings of songs, albums and artists. (Their stars are likes: of songs in the
 * songs module, of albums and artists in the catalogue's.)
 */
export class AnnotationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets a rating from 1 to 5, or clears it with 0. */
  async setRating(userId: string, kind: RatingKind, itemId: string, rating: number) {
    if (rating === 0) return this.remove(userId, kind, itemId);
    await this.db
      .insertInto('ratings')
      .values({ user_id: userId, kind, item_id: itemId, rating })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ rating }))
      .execute();
  }

  /** The user's rating of each of these items, for those they rated. */
  ratingsAmong(userId: string, kind: RatingKind, itemIds: readonly string[]) {
    if (itemIds.length === 0) return Promise.resolve(new Map<string, number>());
    return this.ratings(userId, kind, [...new Set(itemIds)]);
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

  /** Takes back the user's rating of one item. */
  private async remove(userId: string, kind: RatingKind, itemId: string) {
    await this.db
      .deleteFrom('ratings')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', '=', itemId)
      .execute();
  }
}
