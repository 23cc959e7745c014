import type { Song } from '@cadenza/contract/songs';
import type { PlayerSnapshot, playerSnapshotSchema } from './player-snapshot-schema';

export type { PlayerSnapshot };

/** The player's part of localStorage: what plays, in which order, and how. */
export const PLAYER_STORAGE_KEY = 'cadenza.player';
/** The tab that plays right now: when one tab starts playing, the others pause. */
export const ACTIVE_TAB_STORAGE_KEY = 'cadenza.player.active-tab';
/**
 * The playing song's position, kept apart from the snapshot: it changes every few seconds while
 * the queue seldom does, and writing it must not mean writing hundreds of songs again.
 */
export const PLAYER_POSITION_STORAGE_KEY = 'cadenza.player.position';

/** Where in which song the player was: the snapshot's position, when it is of the snapshot's head. */
export interface StoredPosition {
  songId: string;
  /** Seconds. */
  position: number;
}

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
  let positionText: string | null;
  try {
    text = window.localStorage.getItem(PLAYER_STORAGE_KEY);
    positionText = window.localStorage.getItem(PLAYER_POSITION_STORAGE_KEY);
  } catch {
    return null;
  }
  const snapshot = await parsePlayerSnapshot(text);
  const stored = parseStoredPosition(positionText);
  if (!snapshot || !stored || stored.songId !== snapshot.queue[0]?._id) return snapshot;
  return { ...snapshot, position: stored.position };
}

function parseStoredPosition(text: string | null): StoredPosition | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { songId, position } = value as Record<string, unknown>;
    if (typeof songId !== 'string' || typeof position !== 'number') return null;
    return Number.isFinite(position) && position >= 0 ? { songId, position } : null;
  } catch {
    return null;
  }
}

export function writePlayerPosition(position: StoredPosition): void {
  try {
    window.localStorage.setItem(PLAYER_POSITION_STORAGE_KEY, JSON.stringify(position));
  } catch {
    // As for the snapshot: a reload then starts the song from the snapshot's position.
  }
}

/**
 * Each song's JSON, kept while the song is: songs are never changed in place (a fresh copy
 * replaces one), and a reorder or a shuffle writes the same songs again in another order.
 */
const songTexts = new WeakMap<Song, string>();

function songsText(songs: readonly Song[]): string {
  const texts: string[] = [];
  for (const song of songs) {
    let text = songTexts.get(song);
    if (text === undefined) {
      text = JSON.stringify(song);
      songTexts.set(song, text);
    }
    texts.push(text);
  }
  return `[${texts.join(',')}]`;
}

/** `JSON.stringify(snapshot)`, its songs from `songTexts`. */
export function snapshotText(snapshot: PlayerSnapshot): string {
  const { queue, history, ...rest } = snapshot;
  const fields = JSON.stringify(rest).slice(1, -1);
  const songs = [`"queue":${songsText(queue)}`];
  if (history) songs.push(`"history":${songsText(history)}`);
  return `{${fields ? `${fields},` : ''}${songs.join(',')}}`;
}

export function writePlayerSnapshot(snapshot: PlayerSnapshot): void {
  try {
    window.localStorage.setItem(PLAYER_STORAGE_KEY, snapshotText(snapshot));
  } catch {
    // Storage full or disabled: playback still works, it just is not restored after a reload.
  }
}

export function clearPlayerSnapshot(): void {
  try {
    window.localStorage.removeItem(PLAYER_STORAGE_KEY);
    window.localStorage.removeItem(PLAYER_POSITION_STORAGE_KEY);
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
    (a.nextUpCount ?? 0) === (b.nextUpCount ?? 0) &&
    (a.source?.path ?? null) === (b.source?.path ?? null) &&
    (a.source?.label ?? null) === (b.source?.label ?? null) &&
    sameIds(a.queue, b.queue) &&
    sameIds(a.history ?? [], b.history ?? [])
  );
}

function sameIds(a: readonly Song[], b: readonly Song[]): boolean {
  return a.length === b.length && a.every((song, index) => song._id === b[index]?._id);
}
