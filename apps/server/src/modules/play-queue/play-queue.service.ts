import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { PlayQueueRecord, PlayQueueRepository } from './play-queue.repository';

export interface PlayQueueWithSongs extends PlayQueueRecord {
  readonly songs: readonly SongRecord[];
}

/** When and by what the saved queue last changed; null once it was emptied. */
export type PlayQueueStamp = Pick<PlayQueueRecord, 'changedAt' | 'changedBy'> | null;

/**
 * The one queue a listener keeps on the server, to pick up where they left off on another device:
 * the web's `/api/user/play-queue` and the apps' `savePlayQueue`/`getPlayQueue` read and write it.
 */
export class PlayQueueService {
  constructor(
    private readonly queues: PlayQueueRepository,
    private readonly songs: SongsService,
  ) {}

  /**
   * The saved queue with its songs that still exist; null when none was saved. A current song
   * that no longer exists is none.
   */
  async get(userId: string): Promise<PlayQueueWithSongs | null> {
    const queue = await this.queues.find(userId);
    if (!queue) return null;
    const songs = await this.songs.findAll(queue.songIds);
    const current = songs.some((song) => song.id === queue.currentSongId)
      ? queue.currentSongId
      : null;
    return { ...queue, currentSongId: current, songs };
  }

  /** Replaces the saved queue; every song must exist (404 otherwise). An empty one removes it. */
  async save(userId: string, queue: Omit<PlayQueueRecord, 'changedAt'>): Promise<PlayQueueStamp> {
    const found = await this.songs.findAll(queue.songIds);
    if (found.length !== new Set(queue.songIds).size) {
      // One unknown id is reported the way the songs service reports any.
      const known = new Set(found.map((song) => song.id));
      const missing = queue.songIds.find((id) => !known.has(id));
      if (missing !== undefined) await this.songs.find(missing);
    }
    const changedAt = new Date().toISOString();
    await this.queues.save(userId, { ...queue, changedAt });
    return queue.songIds.length === 0 ? null : { changedAt, changedBy: queue.changedBy };
  }
}
