import type { Kysely, Selectable } from 'kysely';
import { atomically, forShare } from '../../db/atomic';
import { toIso, type Database } from '../../db/schema';

/** Where a listener stopped in a song. */
export interface BookmarkRecord {
  readonly songId: string;
  readonly positionMs: number;
  readonly comment: string | null;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /** ISO-8601 UTC. */
  readonly changedAt: string;
}

type BookmarkRow = Selectable<Database['bookmarks']>;

function recordOf(row: BookmarkRow): BookmarkRecord {
  return {
    songId: row.song_id,
    positionMs: Number(row.position_ms),
    comment: row.comment,
    createdAt: toIso(row.created_at),
    changedAt: toIso(row.changed_at),
  };
}

export class BookmarksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The listener's bookmarks, the latest changed first, at most `limit`. */
  async list(userId: string, limit: number): Promise<BookmarkRecord[]> {
    const rows = await this.db
      .selectFrom('bookmarks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('changed_at', 'desc')
      .orderBy('song_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(recordOf);
  }

  async find(userId: string, songId: string): Promise<BookmarkRecord | null> {
    const row = await this.db
      .selectFrom('bookmarks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('song_id', '=', songId)
      .executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /**
   * Creates or moves the bookmark (a new comment replaces the old, none keeps it), and lets the
   * longest untouched ones go beyond `keep`, in one transaction. A song deleted meanwhile is null.
   */
  async save(
    userId: string,
    bookmark: { songId: string; positionMs: number; comment: string | undefined; at: string },
    keep: number,
  ): Promise<BookmarkRecord | null> {
    return atomically(this.db, async (trx) => {
      // Held until the bookmark is written, so that the song cannot go in between.
      const song = await forShare(
        trx,
        trx.selectFrom('songs').select('id').where('id', '=', bookmark.songId),
      ).executeTakeFirst();
      if (!song) return null;
      const changed = {
        position_ms: bookmark.positionMs,
        changed_at: bookmark.at,
        ...(bookmark.comment === undefined ? {} : { comment: bookmark.comment || null }),
      };
      const row = await trx
        .insertInto('bookmarks')
        .values({
          user_id: userId,
          song_id: bookmark.songId,
          comment: null,
          created_at: bookmark.at,
          ...changed,
        })
        .onConflict((oc) => oc.columns(['user_id', 'song_id']).doUpdateSet(changed))
        .returningAll()
        .executeTakeFirstOrThrow();
      const beyond = await trx
        .selectFrom('bookmarks')
        .select(['changed_at', 'song_id'])
        .where('user_id', '=', userId)
        .orderBy('changed_at', 'desc')
        .orderBy('song_id', 'desc')
        .offset(keep)
        .limit(1)
        .executeTakeFirst();
      if (beyond) {
        await trx
          .deleteFrom('bookmarks')
          .where('user_id', '=', userId)
          .where((eb) =>
            eb.or([
              eb('changed_at', '<', beyond.changed_at),
              eb.and([
                eb('changed_at', '=', beyond.changed_at),
                eb('song_id', '<=', beyond.song_id),
              ]),
            ]),
          )
          .execute();
      }
      return recordOf(row);
    });
  }

  /** Whether there was a bookmark to remove. */
  async remove(userId: string, songId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('bookmarks')
      .where('user_id', '=', userId)
      .where('song_id', '=', songId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
