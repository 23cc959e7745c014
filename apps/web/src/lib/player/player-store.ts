import type { Song } from '@cadenza/contract/songs';
import { create } from 'zustand';
import {
  advanceParts,
  buildQueue,
  clearNextUp,
  clearSourceRows,
  fittedNextUpCount,
  insertAddToQueue,
  insertPlayNext,
  moveRow,
  removeRow,
  replaceSongs,
  rowToFront,
  shuffleParts,
  songToFront,
  withPlayed,
  withoutSongsInParts,
  type QueueParts,
  type QueueSource,
  type RandomSource,
} from './queue';
import { pauseAudio, resumeSong, startSong, stopAudio } from './audio-output';
import { readPlayerSnapshot, type PlayerSnapshot } from './player-persistence';

export const DEFAULT_VOLUME = 0.8;

/** A one-off order for the audio element: jump to `time`. The token tells repeats apart. */
export interface SeekRequest {
  time: number;
  token: number;
}

export interface PlayerState {
  /** The song being played (always the head of the queue). */
  current: Song | null;
  /** The head is the current song, then the songs in the exact order they will play. */
  queue: Song[];
  /** How many songs after the head are the listener's own "Next up" (Play next, Add to queue). */
  nextUpCount: number;
  /** Where the rest of the queue comes from ("Next from: …"); null when not said. */
  source: QueueSource | null;
  /** What played in this session, oldest first; any of it plays again. */
  history: Song[];
  isPlaying: boolean;
  shuffle: boolean;
  repeat: boolean;
  volume: number;
  muted: boolean;
  /** Seconds into the current song, as last reported by the audio element. */
  position: number;
  /** Length of the current song in seconds as the audio element knows it (0 until loaded). */
  duration: number;
  seekRequest: SeekRequest | null;
  /** Bumped each time a song starts from its beginning: the engine records a play then. */
  startToken: number;
  /**
   * True after a reload: the stored songs' signed audio URLs may have expired, so the engine
   * fetches fresh ones before loading the current song.
   */
  urlsStale: boolean;

  /**
   * Choosing a song (docs/product.md §4): the current one toggles pause/play; another one starts and
   * the queue becomes that song followed by the other songs of `list`, without duplicates.
   */
  playFrom: (song: Song, list: readonly Song[], source?: QueueSource | null) => void;
  /**
   * A song the audio element already plays (a card's click: see play-song.ts) becomes current
   * as `playFrom` would make it, without loading it again.
   */
  playStarted: (song: Song, list: readonly Song[], source?: QueueSource | null) => void;
  /** Play next: the songs right after the current one, at the front of Next up. */
  playNext: (songs: readonly Song[]) => void;
  /** Appends songs to the end of the queue, after what its source gives (a station's next songs). */
  extendSource: (songs: readonly Song[]) => void;
  /** Add to queue: the songs at the end of Next up. With nothing playing, both start the first. */
  addToQueue: (songs: readonly Song[]) => void;
  /** Moves a row after the head to another place after the head. */
  moveQueueRow: (from: number, to: number) => void;
  /** Empties Next up. */
  clearNextUp: () => void;
  /** Empties the rest of the source ("Next from"). */
  clearSource: () => void;
  /** A History row plays again: it becomes current, the song it replaces next after it. */
  playHistoryIndex: (index: number) => void;
  togglePlay: () => void;
  play: () => void;
  pause: () => void;
  /** Drops the head and plays the new head; nothing with one item or none. */
  next: () => void;
  /** Restarts the current song. */
  previous: () => void;
  /** The audio element reached the end: repeat restarts, otherwise next. */
  handleEnded: () => void;
  toggleShuffle: () => void;
  toggleRepeat: () => void;
  /** A queue row: the first toggles play, another moves to the front and plays. */
  playQueueIndex: (index: number) => void;
  /** Takes an upcoming song (any row but the first) out of the queue. */
  removeQueueIndex: (index: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  seek: (time: number) => void;
  reportProgress: (position: number, duration: number) => void;
  /** Playback was refused (or failed): the playing flag turns off. */
  playbackRefused: () => void;
  /** Puts fresh copies of songs (new signed audio URLs) in place, by id. */
  refreshSongs: (songs: readonly Song[], gone?: readonly string[]) => void;
  /** Another tab changed the shared queue or settings. */
  applyRemote: (snapshot: PlayerSnapshot) => void;
  /** Stops and forgets everything (e.g. on logout). */
  reset: () => void;
}

let random: RandomSource = Math.random;

/** Tests make shuffling predictable. */
export function setPlayerRandomSource(source: RandomSource): void {
  random = source;
}

let seekTokens = 0;
function seekTo(time: number): SeekRequest {
  seekTokens += 1;
  return { time, token: seekTokens };
}

function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME;
  return Math.min(1, Math.max(0, volume));
}

type Data = Omit<
  PlayerState,
  | 'playFrom'
  | 'playStarted'
  | 'playNext'
  | 'addToQueue'
  | 'moveQueueRow'
  | 'clearNextUp'
  | 'extendSource'
  | 'clearSource'
  | 'playHistoryIndex'
  | 'togglePlay'
  | 'play'
  | 'pause'
  | 'next'
  | 'previous'
  | 'handleEnded'
  | 'toggleShuffle'
  | 'toggleRepeat'
  | 'playQueueIndex'
  | 'removeQueueIndex'
  | 'setVolume'
  | 'toggleMute'
  | 'seek'
  | 'reportProgress'
  | 'playbackRefused'
  | 'refreshSongs'
  | 'applyRemote'
  | 'reset'
>;

const emptyState: Data = {
  current: null,
  queue: [],
  nextUpCount: 0,
  source: null,
  history: [],
  isPlaying: false,
  shuffle: false,
  repeat: false,
  volume: DEFAULT_VOLUME,
  muted: false,
  position: 0,
  duration: 0,
  seekRequest: null,
  startToken: 0,
  urlsStale: false,
};

/** The state a snapshot restores: what this browser played last, paused at its position. */
export function initialPlayerState(snapshot: PlayerSnapshot | null = null): Data {
  if (!snapshot) return { ...emptyState };
  const current = snapshot.queue[0] ?? null;
  return {
    ...emptyState,
    current,
    queue: snapshot.queue,
    nextUpCount: fittedNextUpCount(snapshot.queue, snapshot.nextUpCount ?? 0),
    source: snapshot.source ?? null,
    history: snapshot.history ?? [],
    shuffle: snapshot.shuffle,
    repeat: snapshot.repeat,
    volume: clampVolume(snapshot.volume),
    muted: snapshot.muted,
    position: current ? snapshot.position : 0,
    duration: current?.duration ?? 0,
    seekRequest: current && snapshot.position > 0 ? seekTo(snapshot.position) : null,
    urlsStale: current !== null,
  };
}

const refused = () => usePlayer.getState().playbackRefused();

/**
 * Starts the head of `queue` from its beginning. The audio element starts first, before the
 * store changes and anything renders: within a click, that is a user gesture, and the request
 * for the audio goes out at once. `alreadyStarted`: the element plays it already.
 */
function startHead(
  state: PlayerState,
  { queue, nextUpCount }: QueueParts,
  alreadyStarted = false,
): Partial<PlayerState> {
  const head = queue[0] ?? null;
  if (head && !alreadyStarted) startSong(head, state, refused);
  return {
    current: head,
    queue,
    nextUpCount,
    // The song that stops being current has played: the session's history keeps it.
    history: state.current ? withPlayed(state.history, state.current) : state.history,
    isPlaying: head !== null,
    position: 0,
    duration: head?.duration ?? 0,
    seekRequest: null,
    startToken: state.startToken + 1,
  };
}

function partsOf(state: PlayerState): QueueParts {
  return { queue: state.queue, nextUpCount: state.nextUpCount };
}

export const usePlayer = create<PlayerState>()((set, get) => {
  /** Play next and Add to queue; with nothing current, the first of the songs starts. */
  const addSongs = (
    songs: readonly Song[],
    insert: (parts: QueueParts, songs: readonly Song[]) => QueueParts,
  ) => {
    if (songs.length === 0) return;
    const state = get();
    const parts = insert(partsOf(state), songs);
    if (state.current) set(parts);
    else set({ ...startHead(state, parts), source: null });
  };

  return {
    // Empty until restorePlayer() has read the stored snapshot, which the first render waits for.
    ...initialPlayerState(),

    playFrom: (song, list, source = null) => {
      const state = get();
      if (state.current?._id === song._id) {
        state.togglePlay();
        return;
      }
      // A chosen song builds the whole queue anew (docs/product.md §4): Next up starts empty.
      set({
        ...startHead(state, {
          queue: buildQueue(song, list, state.shuffle, random),
          nextUpCount: 0,
        }),
        source,
      });
    },
    playStarted: (song, list, source = null) => {
      const state = get();
      const queue = buildQueue(song, list, state.shuffle, random);
      set({ ...startHead(state, { queue, nextUpCount: 0 }, true), source });
    },

    playNext: (songs) => addSongs(songs, insertPlayNext),
    extendSource: (songs) => {
      const { current, queue } = get();
      if (!current) return;
      const queued = new Set(queue.map((song) => song._id));
      set({ queue: [...queue, ...songs.filter((song) => !queued.has(song._id))] });
    },
    addToQueue: (songs) => addSongs(songs, insertAddToQueue),

    moveQueueRow: (from, to) => {
      const state = get();
      const parts = moveRow(partsOf(state), from, to);
      if (parts.queue !== state.queue) set(parts);
    },
    clearNextUp: () => set(clearNextUp(partsOf(get()))),
    clearSource: () => set({ ...clearSourceRows(partsOf(get())), source: null }),

    playHistoryIndex: (index) => {
      const state = get();
      const song = state.history[index];
      if (!song) return;
      set(startHead(state, songToFront(partsOf(state), song)));
    },

    togglePlay: () => {
      const { current, isPlaying } = get();
      if (!current) return;
      if (isPlaying) pauseAudio();
      else resumeSong(current._id, refused);
      set({ isPlaying: !isPlaying });
    },
    play: () => {
      const { current } = get();
      if (!current) return;
      resumeSong(current._id, refused);
      set({ isPlaying: true });
    },
    pause: () => {
      pauseAudio();
      set({ isPlaying: false });
    },

    next: () => {
      const state = get();
      const parts = advanceParts(partsOf(state));
      if (parts) set(startHead(state, parts));
    },

    previous: () => {
      if (get().current) set({ position: 0, seekRequest: seekTo(0) });
    },

    handleEnded: () => {
      const state = get();
      const parts = state.repeat ? null : advanceParts(partsOf(state));
      if (state.repeat) {
        set({
          position: 0,
          seekRequest: seekTo(0),
          isPlaying: true,
          startToken: state.startToken + 1,
        });
      } else if (parts) {
        set(startHead(state, parts));
      } else {
        set({ isPlaying: false, position: 0, seekRequest: seekTo(0) });
      }
    },

    toggleShuffle: () => {
      const state = get();
      // Turning shuffle off keeps the current order (docs/product.md §4).
      set(
        state.shuffle
          ? { shuffle: false }
          : { shuffle: true, ...shuffleParts(partsOf(state), random) },
      );
    },
    toggleRepeat: () => set({ repeat: !get().repeat }),

    playQueueIndex: (index) => {
      const state = get();
      if (index === 0) {
        state.togglePlay();
        return;
      }
      if (index < 0 || index >= state.queue.length) return;
      set(startHead(state, rowToFront(partsOf(state), index)));
    },

    removeQueueIndex: (index) => {
      const state = get();
      const parts = removeRow(partsOf(state), index);
      if (parts.queue !== state.queue) set(parts);
    },

    setVolume: (volume) => set({ volume: clampVolume(volume), muted: false }),
    toggleMute: () => set({ muted: !get().muted }),

    seek: (time) => {
      if (!get().current || !Number.isFinite(time)) return;
      const position = Math.max(0, time);
      set({ position, seekRequest: seekTo(position) });
    },

    reportProgress: (position, duration) => {
      const state = get();
      const nextDuration = Number.isFinite(duration) && duration > 0 ? duration : state.duration;
      if (state.position !== position || state.duration !== nextDuration) {
        set({ position, duration: nextDuration });
      }
    },

    playbackRefused: () => set({ isPlaying: false }),

    refreshSongs: (songs, gone = []) => {
      const fresh = new Map(songs.map((song) => [song._id, song]));
      const state = get();
      const { current } = state;
      const parts = withoutSongsInParts(partsOf(state), new Set(gone));
      const kept = replaceSongs(parts.queue, fresh);
      const { nextUpCount } = parts;
      const history = replaceSongs(state.history, fresh);
      const head = kept[0] ?? null;
      if (current && head?._id !== current._id) {
        // The current song is gone: the next one waits, paused at its beginning.
        set({
          current: head,
          queue: kept,
          nextUpCount: fittedNextUpCount(kept, nextUpCount),
          history,
          isPlaying: false,
          position: 0,
          duration: head?.duration ?? 0,
          seekRequest: null,
          urlsStale: false,
        });
        return;
      }
      set({
        current: current ? (fresh.get(current._id) ?? current) : null,
        queue: kept,
        nextUpCount,
        history,
        urlsStale: false,
      });
    },

    applyRemote: (snapshot) => {
      const state = get();
      const head = snapshot.queue[0] ?? null;
      const songChanged = head?._id !== state.current?._id;
      set({
        queue: snapshot.queue,
        nextUpCount: fittedNextUpCount(snapshot.queue, snapshot.nextUpCount ?? 0),
        source: snapshot.source ?? null,
        history: snapshot.history ?? state.history,
        current: head,
        shuffle: snapshot.shuffle,
        repeat: snapshot.repeat,
        volume: clampVolume(snapshot.volume),
        muted: snapshot.muted,
        // Another tab started a different song: it plays there, so this tab shows it paused.
        ...(songChanged
          ? {
              isPlaying: false,
              position: head ? snapshot.position : 0,
              duration: head?.duration ?? 0,
              seekRequest: head && snapshot.position > 0 ? seekTo(snapshot.position) : null,
            }
          : {}),
      });
    },

    reset: () => set({ ...emptyState }),
  };
});

// Nothing current any more (logout, the last song deleted): the element lets go of its source.
usePlayer.subscribe((state, previous) => {
  if (state.current === null && previous.current !== null) stopAudio();
});

/**
 * Restores what this browser played last (main.tsx, before the first render), unless something
 * is already playing by then.
 */
export async function restorePlayer(): Promise<void> {
  const snapshot = await readPlayerSnapshot();
  if (snapshot && usePlayer.getState().current === null) {
    usePlayer.setState(initialPlayerState(snapshot));
  }
}
