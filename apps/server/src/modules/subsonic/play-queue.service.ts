import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { PlayQueueRecord, PlayQueueRepository } from './play-queue.repository';

export interface PlayQueueWithSongs extends PlayQueueRecord {
  readonly songs: readonly SongRecord[];
}

/** The queue a listener's app saves, to pick up where they left off on another device. */
export class PlayQueueService {
  constructor(
    private readonly queues: PlayQueueRepository,
    private readonly songs: SongsService,
  ) {}

  /** The saved queue with its songs that still exist; null when none was saved. */
  async get(userId: string): Promise<PlayQueueWithSongs | null> {
    const queue = await this.queues.find(userId);
    if (!queue) return null;
    return { ...queue, songs: await this.songs.findAll(queue.songIds) };
  }

  /** Replaces the saved queue; every song must exist (404 otherwise). */
  async save(userId: string, queue: Omit<PlayQueueRecord, 'changedAt'>): Promise<void> {
    const found = await this.songs.findAll(queue.songIds);
    if (found.length !== new Set(queue.songIds).size) {
      // One unknown id is reported the way the songs service reports any.
      const known = new Set(found.map((song) => song.id));
      const missing = queue.songIds.find((id) => !known.has(id));
      if (missing !== undefined) await this.songs.find(missing);
    }
    await this.queues.save(userId, { ...queue, changedAt: new Date().toISOString() });
  }
}
