import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';

/** The queue an app saved for a listener, to resume on another device. */
export interface PlayQueueRecord {
  readonly songIds: readonly string[];
  readonly currentSongId: string | null;
  /** The current entry's place in `songIds` (a song may be queued twice); null when none is. */
  readonly currentIndex: number | null;
  readonly positionMs: number;
  /** ISO-8601 UTC. */
  readonly changedAt: string;
  readonly changedBy: string;
}

function firstIndexOf(songIds: readonly string[], songId: string | null): number | null {
  const index = songId === null ? -1 : songIds.indexOf(songId);
  return index >= 0 ? index : null;
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
    const songIds = JSON.parse(row.song_ids) as string[];
    return {
      songIds,
      currentSongId: row.current_song_id,
      // Queues saved before places were kept resume at the first entry of their current song.
      currentIndex: row.current_index ?? firstIndexOf(songIds, row.current_song_id),
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
      current_index: queue.currentIndex,
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
