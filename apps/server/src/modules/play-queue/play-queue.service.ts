import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { PlayQueueRecord, PlayQueueRepository } from './play-queue.repository';

export interface PlayQueueWithSongs extends PlayQueueRecord {
  /** The queue's songs that still exist, in play order; `currentIndex` is a place among them. */
  readonly songs: readonly SongRecord[];
}

/** A queue to save: its songs in play order, which entry is current and how far into it. */
export interface PlayQueueToSave {
  readonly songIds: readonly string[];
  /**
   * The current entry: by its place in `songIds` (OpenSubsonic's index-based queue, which tells
   * two entries of one song apart), or by its song (the first entry of it); null for none.
   */
  readonly current: { readonly index: number } | { readonly songId: string } | null;
  readonly positionMs: number;
  readonly changedBy: string;
}

/** When and by what the saved queue last changed; null once it was emptied. */
export type PlayQueueStamp = Pick<PlayQueueRecord, 'changedAt' | 'changedBy'> | null;

/**
 * The saved queue without the entries whose songs were deleted since. A current entry that was
 * deleted leaves no current song; its place passes to the entry that followed it (the last when
 * none did), from its start, since index-based apps must be given a place whenever songs remain.
 */
function withoutDeleted(queue: PlayQueueRecord, songs: readonly SongRecord[]): PlayQueueWithSongs {
  const byId = new Map(songs.map((song) => [song.id, song]));
  const kept: SongRecord[] = [];
  let currentIndex: number | null = null;
  let currentSongId: string | null = null;
  let positionMs = queue.positionMs;
  for (const [index, songId] of queue.songIds.entries()) {
    const song = byId.get(songId);
    if (index === queue.currentIndex) {
      currentIndex = kept.length;
      if (song) currentSongId = song.id;
      else positionMs = 0;
    }
    if (song) kept.push(song);
  }
  if (currentIndex !== null && currentIndex >= kept.length) {
    currentIndex = kept.length > 0 ? kept.length - 1 : null;
  }
  return { ...queue, songs: kept, currentSongId, currentIndex, positionMs };
}

/**
 * The one queue a listener keeps on the server, to pick up where they left off on another device:
 * the web's `/api/user/play-queue` and the apps' `savePlayQueue`/`getPlayQueue` (and their
 * index-based twins) read and write it.
 */
export class PlayQueueService {
  constructor(
    private readonly queues: PlayQueueRepository,
    private readonly songs: SongsService,
  ) {}

  /** The saved queue with its songs that still exist; null when none was saved. */
  async get(userId: string): Promise<PlayQueueWithSongs | null> {
    const queue = await this.queues.find(userId);
    if (!queue) return null;
    return withoutDeleted(queue, await this.songs.findAll(queue.songIds));
  }

  /**
   * Replaces the saved queue; every song must exist (404 otherwise). An empty one removes it. A
   * current song that is not queued, or a place outside the queue, is no current entry: callers
   * refuse those in their own words first.
   */
  async save(userId: string, queue: PlayQueueToSave): Promise<PlayQueueStamp> {
    const found = await this.songs.findAll(queue.songIds);
    if (found.length !== new Set(queue.songIds).size) {
      // One unknown id is reported the way the songs service reports any.
      const known = new Set(found.map((song) => song.id));
      const missing = queue.songIds.find((id) => !known.has(id));
      if (missing !== undefined) await this.songs.find(missing);
    }
    const currentIndex = placeOf(queue);
    const changedAt = new Date().toISOString();
    await this.queues.save(userId, {
      songIds: queue.songIds,
      currentIndex,
      currentSongId: currentIndex === null ? null : (queue.songIds[currentIndex] ?? null),
      positionMs: queue.positionMs,
      changedBy: queue.changedBy,
      changedAt,
    });
    return queue.songIds.length === 0 ? null : { changedAt, changedBy: queue.changedBy };
  }
}

function placeOf({ songIds, current }: PlayQueueToSave): number | null {
  if (current === null) return null;
  if ('index' in current) {
    return Number.isInteger(current.index) && current.index >= 0 && current.index < songIds.length
      ? current.index
      : null;
  }
  const index = songIds.indexOf(current.songId);
  return index >= 0 ? index : null;
}
