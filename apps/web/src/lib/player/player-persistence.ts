import type { Song } from '@cadenza/contract/songs';
import type { PlayerSnapshot, playerSnapshotSchema } from './player-snapshot-schema';

export type { PlayerSnapshot };

/** The player's part of localStorage: what plays, in which order, and how. */
export const PLAYER_STORAGE_KEY = 'cadenza.player';
/** The tab that plays right now: when one tab starts playing, the others pause. */
export const ACTIVE_TAB_STORAGE_KEY = 'cadenza.player.active-tab';

let schemaLoading: Promise<{ playerSnapshotSchema: typeof playerSnapshotSchema }> | undefined;

/**
 * The stored snapshot, checked; null when there is none or it is not one. The schema loads on the
 * first snapshot to check: a visitor who never played anything does not download zod for it.
 * A snapshot that cannot be checked (its code failed to download) counts as none.
 */
export async function parsePlayerSnapshot(text: string | null): Promise<PlayerSnapshot | null> {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  try {
    schemaLoading ??= import('./player-snapshot-schema');
    const { playerSnapshotSchema } = await schemaLoading;
    const result = playerSnapshotSchema.safeParse(value);
    return result.success ? result.data : null;
  } catch {
    schemaLoading = undefined;
    return null;
  }
}

export async function readPlayerSnapshot(): Promise<PlayerSnapshot | null> {
  let text: string | null;
  try {
    text = window.localStorage.getItem(PLAYER_STORAGE_KEY);
  } catch {
    return null;
  }
  return parsePlayerSnapshot(text);
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
