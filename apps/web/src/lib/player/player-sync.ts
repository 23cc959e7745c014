import {
  ACTIVE_TAB_STORAGE_KEY,
  PLAYER_STORAGE_KEY,
  clearPlayerSnapshot,
  parsePlayerSnapshot,
  sameSnapshotExceptPosition,
  writePlayerSnapshot,
  type PlayerSnapshot,
} from './player-persistence';
import { usePlayer, type PlayerState } from './player-store';

/** How often, at most, the position of a playing song is written to storage. */
const POSITION_WRITE_INTERVAL_MS = 2000;

const tabId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

function snapshotOf(state: PlayerState): PlayerSnapshot {
  return {
    queue: state.queue,
    shuffle: state.shuffle,
    repeat: state.repeat,
    volume: state.volume,
    muted: state.muted,
    position: Math.max(0, state.position || 0),
  };
}

/**
 * Keeps the player in localStorage (restored after a reload, docs/product.md §10.8) and in step with
 * other tabs: their queue and settings are applied here, and when one tab starts playing the
 * others pause. Returns the function that stops it.
 */
export function startPlayerSync(): () => void {
  let lastWrite = 0;
  let written: PlayerSnapshot | null = null;
  let applying = Promise.resolve();
  let stopped = false;

  const write = (state: PlayerState, force: boolean) => {
    if (!state.current) {
      if (written) clearPlayerSnapshot();
      written = null;
      return;
    }
    const snapshot = snapshotOf(state);
    const now = Date.now();
    const changed = !written || !sameSnapshotExceptPosition(written, snapshot);
    if (!changed && !force && now - lastWrite < POSITION_WRITE_INTERVAL_MS) return;
    if (!changed && written?.position === snapshot.position) return;
    written = snapshot;
    lastWrite = now;
    writePlayerSnapshot(snapshot);
  };

  const unsubscribe = usePlayer.subscribe((state, previous) => {
    const paused = previous.isPlaying && !state.isPlaying;
    write(state, paused || state.seekRequest !== previous.seekRequest);
    if (state.isPlaying && (!previous.isPlaying || state.current?._id !== previous.current?._id)) {
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

  const handlePageHide = () => write(usePlayer.getState(), true);

  window.addEventListener('storage', handleStorage);
  window.addEventListener('pagehide', handlePageHide);
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('storage', handleStorage);
    window.removeEventListener('pagehide', handlePageHide);
  };
}
