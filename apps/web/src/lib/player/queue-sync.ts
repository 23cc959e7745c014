import { MAX_SAVED_QUEUE_SONGS } from '@cadenza/contract/limits';
import type { PlayQueue } from '@cadenza/contract/play-queue';
import type { Song } from '@cadenza/contract/songs';
import { getPlayQueue, savePlayQueue } from '@/api/player/play-queue';
import { useAuthStore } from '@/lib/auth-store';
import { usePlayer, type PlayerState } from './player-store';
import { useQueueOffer } from './queue-offer';

/** How long the queue rests after a change before it is saved. */
export const QUEUE_SAVE_DELAY_MS = 1000;
/** While a song plays, how often at most its position is saved (pauses and seeks save at once). */
export const POSITION_SAVE_INTERVAL_MS = 15_000;
/** Where this browser remembers the last saved queue it made, took or turned down, per account. */
export const QUEUE_STAMP_KEY_PREFIX = 'cadenza.player.queue-stamp.';

interface QueueShape {
  readonly songIds: string[];
  readonly currentSongId: string | null;
  readonly positionMs: number;
}

/** The ids saved of each queue: a queue is never changed in place, and its position is saved often. */
const savedIds = new WeakMap<readonly Song[], string[]>();

function idsOf(queue: readonly Song[]): string[] {
  let ids = savedIds.get(queue);
  if (!ids) {
    ids = queue.slice(0, MAX_SAVED_QUEUE_SONGS).map((song) => song._id);
    savedIds.set(queue, ids);
  }
  return ids;
}

function shapeOf(state: PlayerState): QueueShape {
  return {
    songIds: idsOf(state.queue),
    currentSongId: state.current?._id ?? null,
    positionMs: Math.max(0, Math.round((state.position || 0) * 1000)),
  };
}

const sameSongs = (a: QueueShape, b: QueueShape) =>
  a.currentSongId === b.currentSongId &&
  (a.songIds === b.songIds ||
    (a.songIds.length === b.songIds.length &&
      a.songIds.every((id, index) => id === b.songIds[index])));

const sameShape = (a: QueueShape, b: QueueShape) =>
  sameSongs(a, b) && a.positionMs === b.positionMs;

/**
 * The saved queue as this browser plays it: from the current entry on (its head is current). The
 * entry is found by its place, which tells two entries of one song apart.
 */
export function songsFromCurrent(queue: PlayQueue): Song[] {
  const index = queue.currentIndex ?? 0;
  return index > 0 ? queue.songs.slice(index) : queue.songs;
}

function shapeOfSaved(queue: PlayQueue): QueueShape {
  const songs = songsFromCurrent(queue);
  return {
    songIds: songs.map((song) => song._id),
    currentSongId: songs[0]?._id ?? null,
    positionMs: queue.positionMs,
  };
}

function stampKey(userId: string): string {
  return `${QUEUE_STAMP_KEY_PREFIX}${userId}`;
}

function readStamp(userId: string): string | null {
  try {
    return window.localStorage.getItem(stampKey(userId));
  } catch {
    return null;
  }
}

function writeStamp(userId: string, changedAt: string): void {
  try {
    window.localStorage.setItem(stampKey(userId), changedAt);
  } catch {
    // Without storage the offer may come again after a reload; nothing else is lost.
  }
}

const signedInUser = () => {
  const { token, user } = useAuthStore.getState();
  return token && user ? user._id : null;
};

/** What this browser last saved or took, so that its own changes are not sent twice. */
let lastShape: QueueShape | null = null;

/**
 * Takes over the queue another device saved: its songs from the current one, paused at its
 * position, ready to play.
 */
export function continueQueue(queue: PlayQueue): void {
  const user = signedInUser();
  if (user) writeStamp(user, queue.changedAt);
  useQueueOffer.getState().setOffer(null);
  const songs = songsFromCurrent(queue);
  if (songs.length === 0) return;
  const player = usePlayer.getState();
  const position = queue.positionMs / 1000;
  lastShape = shapeOfSaved(queue);
  player.pause();
  player.applyRemote({
    queue: songs,
    shuffle: player.shuffle,
    repeat: player.repeat,
    volume: player.volume,
    muted: player.muted,
    position,
  });
  usePlayer.getState().seek(position);
}

/** Keeps this browser's queue and turns the offer down: it is not offered again. */
export function dismissQueueOffer(): void {
  const { offer, setOffer } = useQueueOffer.getState();
  const user = signedInUser();
  if (offer && user) writeStamp(user, offer.changedAt);
  setOffer(null);
}

/**
 * Makes the queue follow the listener (docs/product.md §12): saved to the server a moment after
 * it changes (and its position now and then while playing), and, when another device saved one
 * since this browser last did, offered as "Continue from <device>". Checked when a listener is
 * signed in and whenever the tab comes back into view. Returns the function that stops it.
 */
export function startQueueSync(): () => void {
  let readyFor: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSaveAt = 0;
  let checking: AbortController | undefined;

  const save = () => {
    timer = undefined;
    const user = signedInUser();
    const state = usePlayer.getState();
    if (!user || user !== readyFor || !state.current) return;
    const shape = shapeOf(state);
    if (lastShape && sameShape(lastShape, shape)) return;
    lastShape = shape;
    lastSaveAt = Date.now();
    savePlayQueue(shape)
      .then((stamp) => {
        if (stamp) writeStamp(user, stamp.changedAt);
      })
      .catch((error: unknown) => console.debug('Could not save the play queue', error));
  };

  const scheduleSave = (delay = QUEUE_SAVE_DELAY_MS) => {
    clearTimeout(timer);
    timer = setTimeout(save, delay);
  };

  const check = async () => {
    const user = signedInUser();
    if (!user) return;
    checking?.abort();
    const controller = new AbortController();
    checking = controller;
    try {
      const saved = await getPlayQueue(controller.signal);
      if (controller.signal.aborted || signedInUser() !== user) return;
      const stamp = readStamp(user);
      const local = shapeOf(usePlayer.getState());
      const isNewer = saved !== null && (stamp === null || saved.changedAt > stamp);
      if (saved && isNewer && songsFromCurrent(saved).length > 0) {
        if (sameSongs(local, shapeOfSaved(saved))) writeStamp(user, saved.changedAt);
        else useQueueOffer.getState().setOffer(saved);
      }
    } catch (error) {
      if (!controller.signal.aborted) console.debug('Could not read the saved play queue', error);
    } finally {
      if (checking === controller && signedInUser() === user) readyFor = user;
    }
  };

  const stopPlayer = usePlayer.subscribe((state, previous) => {
    if (!readyFor || !state.current) return;
    const songsChanged = state.queue !== previous.queue || state.current !== previous.current;
    const paused = previous.isPlaying && !state.isPlaying;
    const sought = state.seekRequest !== previous.seekRequest;
    if (songsChanged || paused || sought) scheduleSave();
    else if (
      state.isPlaying &&
      state.position !== previous.position &&
      timer === undefined &&
      Date.now() - lastSaveAt >= POSITION_SAVE_INTERVAL_MS
    ) {
      scheduleSave(0);
    }
  });
  const stopAuth = useAuthStore.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    readyFor = null;
    lastShape = null;
    clearTimeout(timer);
    timer = undefined;
    useQueueOffer.getState().setOffer(null);
    void check();
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  void check();

  return () => {
    stopPlayer();
    stopAuth();
    document.removeEventListener('visibilitychange', onVisible);
    checking?.abort();
    clearTimeout(timer);
  };
}
