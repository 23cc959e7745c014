import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';

/** The queue an app saved for a listener, to resume on another device. */
export interface PlayQueueRecord {
  readonly songIds: readonly string[];
  readonly currentSongId: string | null;
  readonly positionMs: number;
  /** ISO-8601 UTC. */
  readonly changedAt: string;
  readonly changedBy: string;
}

export class PlayQueueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string): Promise<PlayQueueRecord | null> {
    const row = await this.db
      .selectFrom('play_queues')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      songIds: JSON.parse(row.song_ids) as string[],
      currentSongId: row.current_song_id,
      positionMs: Number(row.position_ms),
      changedAt: toIso(row.changed_at),
      changedBy: row.changed_by,
    };
  }

  /** Replaces the user's queue whole; an empty one removes it. */
  async save(userId: string, queue: PlayQueueRecord): Promise<void> {
    if (queue.songIds.length === 0) {
      await this.db.deleteFrom('play_queues').where('user_id', '=', userId).execute();
      return;
    }
    const values = {
      song_ids: JSON.stringify(queue.songIds),
      current_song_id: queue.currentSongId,
      position_ms: queue.positionMs,
      changed_at: queue.changedAt,
      changed_by: queue.changedBy,
    };
    await this.db
      .insertInto('play_queues')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
}
