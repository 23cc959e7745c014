import {
  ACTIVE_TAB_STORAGE_KEY,
  PLAYER_STORAGE_KEY,
  clearPlayerSnapshot,
  parsePlayerSnapshot,
  sameSnapshotExceptPosition,
  writePlayerPosition,
  writePlayerSnapshot,
  type PlayerSnapshot,
  type StoredPosition,
} from './player-persistence';
import { usePlayer, type PlayerState } from './player-store';

/** How often, at most, the position of a playing song is written to storage. */
const POSITION_WRITE_INTERVAL_MS = 2000;
/**
 * A change to the queue or the settings is written this long after it, in a task of its own:
 * the click or key that made it does not wait for hundreds of songs to be serialised and
 * stored, and a burst of changes (a key held down, a drag) is written once.
 */
export const SNAPSHOT_WRITE_DELAY_MS = 300;

const tabId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/**
 * The most songs of the queue kept in storage (the head and what follows it). Writing a queue of
 * thousands would hold the main thread for a second on each change; a reload keeps this many.
 */
export const STORED_QUEUE_LIMIT = 500;

function snapshotOf(state: PlayerState): PlayerSnapshot {
  const queue =
    state.queue.length > STORED_QUEUE_LIMIT
      ? state.queue.slice(0, STORED_QUEUE_LIMIT)
      : state.queue;
  return {
    queue,
    nextUpCount: Math.min(state.nextUpCount, Math.max(0, queue.length - 1)),
    source: state.source,
    history: state.history,
    shuffle: state.shuffle,
    repeat: state.repeat,
    volume: state.volume,
    muted: state.muted,
    position: Math.max(0, state.position || 0),
  };
}

/** Whether anything the snapshot keeps, other than the position, may have changed. */
function snapshotPartsChanged(state: PlayerState, previous: PlayerState): boolean {
  return (
    state.queue !== previous.queue ||
    state.nextUpCount !== previous.nextUpCount ||
    state.source !== previous.source ||
    state.history !== previous.history ||
    state.shuffle !== previous.shuffle ||
    state.repeat !== previous.repeat ||
    state.volume !== previous.volume ||
    state.muted !== previous.muted
  );
}

/**
 * Keeps the player in localStorage (restored after a reload, docs/product.md §10.8) and in step with
 * other tabs: their queue and settings are applied here, and when one tab starts playing the
 * others pause. Returns the function that stops it.
 */
export function startPlayerSync(): () => void {
  let written: PlayerSnapshot | null = null;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  let writtenPosition: StoredPosition | null = null;
  let positionWrittenAt = 0;
  let applying = Promise.resolve();
  let stopped = false;

  const writeSnapshot = () => {
    clearTimeout(writeTimer);
    writeTimer = undefined;
    const state = usePlayer.getState();
    if (!state.current) return;
    const snapshot = snapshotOf(state);
    if (written && sameSnapshotExceptPosition(written, snapshot)) return;
    written = snapshot;
    writePlayerSnapshot(snapshot);
  };

  const writePosition = (state: PlayerState, force: boolean) => {
    if (!state.current) return;
    const next = { songId: state.current._id, position: Math.max(0, state.position || 0) };
    const sameSong = writtenPosition?.songId === next.songId;
    if (sameSong && writtenPosition?.position === next.position) return;
    const now = Date.now();
    if (sameSong && !force && now - positionWrittenAt < POSITION_WRITE_INTERVAL_MS) return;
    writtenPosition = next;
    positionWrittenAt = now;
    writePlayerPosition(next);
  };

  const unsubscribe = usePlayer.subscribe((state, previous) => {
    if (!state.current) {
      clearTimeout(writeTimer);
      writeTimer = undefined;
      if (written || writtenPosition) clearPlayerSnapshot();
      written = null;
      writtenPosition = null;
      return;
    }
    if (writeTimer === undefined && (!written || snapshotPartsChanged(state, previous))) {
      writeTimer = setTimeout(writeSnapshot, SNAPSHOT_WRITE_DELAY_MS);
    }
    const paused = previous.isPlaying && !state.isPlaying;
    writePosition(state, paused || state.seekRequest !== previous.seekRequest);
    if (state.isPlaying && (!previous.isPlaying || state.current._id !== previous.current?._id)) {
      try {
        window.localStorage.setItem(
          ACTIVE_TAB_STORAGE_KEY,
          JSON.stringify({ tabId, at: Date.now() }),
        );
      } catch {
        // Without storage, tabs simply cannot pause each other.
      }
    }
  });

  const handleStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === ACTIVE_TAB_STORAGE_KEY && event.newValue) {
      if (!event.newValue.includes(tabId)) usePlayer.getState().pause();
      return;
    }
    if (event.key !== PLAYER_STORAGE_KEY && event.key !== null) return;
    const { key, newValue } = event;
    // Checking a snapshot may wait for its schema to load: changes apply in the order they came.
    applying = applying.then(async () => {
      const snapshot = await parsePlayerSnapshot(newValue);
      if (stopped) return;
      const state = usePlayer.getState();
      if (!snapshot) {
        if (key === PLAYER_STORAGE_KEY && state.current) state.reset();
        return;
      }
      if (sameSnapshotExceptPosition(snapshotOf(state), snapshot)) return;
      written = snapshot;
      state.applyRemote(snapshot);
    });
  };

  const handlePageHide = () => {
    writeSnapshot();
    writePosition(usePlayer.getState(), true);
  };

  window.addEventListener('storage', handleStorage);
  window.addEventListener('pagehide', handlePageHide);
  return () => {
    stopped = true;
    clearTimeout(writeTimer);
    unsubscribe();
    window.removeEventListener('storage', handleStorage);
    window.removeEventListener('pagehide', handlePageHide);
  };
}
