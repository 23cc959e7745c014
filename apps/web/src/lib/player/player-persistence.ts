import { songSchema, type Song } from '@cadenza/contract/songs';
import { z } from 'zod';

/** The player's part of localStorage: what plays, in which order, and how. */
export const PLAYER_STORAGE_KEY = 'cadenza.player';
/** The tab that plays right now: when one tab starts playing, the others pause. */
export const ACTIVE_TAB_STORAGE_KEY = 'cadenza.player.active-tab';

const snapshotSchema = z.object({
  queue: z.array(songSchema),
  shuffle: z.boolean(),
  repeat: z.boolean(),
  volume: z.number(),
  muted: z.boolean(),
  /** Seconds into the head of the queue. */
  position: z.number().nonnegative(),
});
export type PlayerSnapshot = z.infer<typeof snapshotSchema>;

export function parsePlayerSnapshot(text: string | null): PlayerSnapshot | null {
  if (!text) return null;
  try {
    const result = snapshotSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function readPlayerSnapshot(): PlayerSnapshot | null {
  try {
    return parsePlayerSnapshot(window.localStorage.getItem(PLAYER_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function writePlayerSnapshot(snapshot: PlayerSnapshot): void {
  try {
    window.localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or disabled: playback still works, it just is not restored after a reload.
  }
}

export function clearPlayerSnapshot(): void {
  try {
    window.localStorage.removeItem(PLAYER_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Same queue, same settings: a change worth telling other tabs about. */
export function sameSnapshotExceptPosition(a: PlayerSnapshot, b: PlayerSnapshot): boolean {
  return (
    a.shuffle === b.shuffle &&
    a.repeat === b.repeat &&
    a.volume === b.volume &&
    a.muted === b.muted &&
    sameIds(a.queue, b.queue)
  );
}

function sameIds(a: readonly Song[], b: readonly Song[]): boolean {
  return a.length === b.length && a.every((song, index) => song._id === b[index]?._id);
}
