import type { RadioSeed } from '@cadenza/contract/radio';
import type { Song } from '@cadenza/contract/songs';

/** A source of numbers in [0, 1); injectable so that tests are repeatable. */
export type RandomSource = () => number;

/** Fisher–Yates: every order equally likely. Returns a new array. */
export function shuffled<T>(items: readonly T[], random: RandomSource = Math.random): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const item = result[index] as T;
    result[index] = result[other] as T;
    result[other] = item;
  }
  return result;
}

/**
 * The queue when a song is chosen (docs/product.md §4): the song first, then the rest of the active
 * list without it (no duplicates of it, whatever the list holds), shuffled when shuffle is on.
 */
export function buildQueue(
  song: Song,
  list: readonly Song[],
  shuffle: boolean,
  random: RandomSource = Math.random,
): Song[] {
  const rest = list.filter((item) => item._id !== song._id);
  return [song].concat(shuffle ? shuffled(rest, random) : rest);
}

/** Next drops the head and plays the new head; with one item or none there is no next. */
export function advanceQueue(queue: readonly Song[]): Song[] | null {
  return queue.length > 1 ? queue.slice(1) : null;
}

/** Shuffle on: everything after the head in a random order. The head keeps playing. */
export function shuffleAfterHead(
  queue: readonly Song[],
  random: RandomSource = Math.random,
): Song[] {
  if (queue.length <= 2) return [...queue];
  return queue.slice(0, 1).concat(shuffled(queue.slice(1), random));
}

/** A queue row other than the first moves to the front (the rest keep their order). */
export function moveToFront(queue: readonly Song[], index: number): Song[] {
  const chosen = queue[index];
  if (index <= 0 || !chosen) return [...queue];
  const result = queue.slice();
  result.splice(index, 1);
  result.unshift(chosen);
  return result;
}

/** The queue without the row at `index`; the head (the current song) always stays. */
export function withoutRow(queue: readonly Song[], index: number): Song[] {
  if (index <= 0 || index >= queue.length) return [...queue];
  const result = queue.slice();
  result.splice(index, 1);
  return result;
}

/** The queue without the songs with these ids (e.g. songs the catalogue no longer has). */
export function withoutSongs(queue: readonly Song[], ids: ReadonlySet<string>): Song[] {
  return queue.filter((song) => !ids.has(song._id));
}

/** Puts fresh copies of songs (new signed URLs) in place of the stale ones, by id. */
export function replaceSongs(queue: readonly Song[], fresh: ReadonlyMap<string, Song>): Song[] {
  return queue.map((song) => fresh.get(song._id) ?? song);
}

/** What happens when a song ends: repeat restarts it, otherwise next (if any). */
export type EndAction = { kind: 'restart' } | { kind: 'advance'; queue: Song[] } | { kind: 'stop' };

export function actionAtEnd(queue: readonly Song[], repeat: boolean): EndAction {
  if (repeat) return { kind: 'restart' };
  const next = advanceQueue(queue);
  return next ? { kind: 'advance', queue: next } : { kind: 'stop' };
}

/**
 * Where the songs after the listener's own "Next up" come from: the album, playlist, artist,
 * search or list a song was started from, with the page that shows it.
 */
export interface QueueSource {
  kind: 'album' | 'playlist' | 'artist' | 'search' | 'list' | 'radio';
  /** What the queue view says after "Next from:", e.g. the album's title. */
  label: string;
  /** The page of the source, e.g. `/album/<id>`. */
  path: string;
  /** A radio station's seed: the queue grows from it as it plays (lib/player/radio.ts). */
  seed?: RadioSeed;
}

/**
 * The queue and what its rows are: `queue[0]` plays, `queue[1..nextUpCount]` are the songs the
 * listener added (Play next, Add to queue), in order, and the rest come from `source`.
 */
export interface QueueParts {
  queue: Song[];
  nextUpCount: number;
}

/** A number of Next up rows that fits the queue (a stored or remote value may not). */
export function fittedNextUpCount(queue: readonly Song[], count: number): number {
  if (!Number.isInteger(count) || count < 0) return 0;
  return Math.min(count, Math.max(0, queue.length - 1));
}

/**
 * `parts` in order, in one new array: `concat` copies whole arrays at once, where spreads or a
 * loop of pushes would go song by song through 10,000 of them.
 */
function joined(...parts: (readonly Song[])[]): Song[] {
  return ([] as Song[]).concat(...parts);
}

/** Play next: right after the current song, before earlier Next up songs (the front of Next up). */
export function insertPlayNext(parts: QueueParts, songs: readonly Song[]): QueueParts {
  const { queue, nextUpCount } = parts;
  if (queue.length === 0) return { queue: [...songs], nextUpCount: Math.max(0, songs.length - 1) };
  return {
    queue: joined(queue.slice(0, 1), songs, queue.slice(1)),
    nextUpCount: nextUpCount + songs.length,
  };
}

/** Add to queue: at the end of Next up, before the songs of the source. */
export function insertAddToQueue(parts: QueueParts, songs: readonly Song[]): QueueParts {
  const { queue, nextUpCount } = parts;
  if (queue.length === 0) return { queue: [...songs], nextUpCount: Math.max(0, songs.length - 1) };
  const end = 1 + nextUpCount;
  return {
    queue: joined(queue.slice(0, end), songs, queue.slice(end)),
    nextUpCount: nextUpCount + songs.length,
  };
}

/**
 * Moves the row at `from` to `to` (both after the head, which stays). The moved song is in Next up
 * when it lands inside it (or, coming from Next up, at its end); the counts follow.
 */
export function moveRow(parts: QueueParts, from: number, to: number): QueueParts {
  const { queue, nextUpCount } = parts;
  const last = queue.length - 1;
  if (from < 1 || from > last || to < 1 || to > last || from === to) return parts;
  const song = queue[from] as Song;
  const wasNextUp = from <= nextUpCount;
  const remaining = nextUpCount - (wasNextUp ? 1 : 0);
  const landsInNextUp = to <= remaining + (wasNextUp ? 1 : 0);
  // One copy, then only the rows between the two places shift by one.
  const moved = queue.slice();
  if (from < to) moved.copyWithin(from, from + 1, to + 1);
  else moved.copyWithin(to + 1, to, from);
  moved[to] = song;
  return { queue: moved, nextUpCount: remaining + (landsInNextUp ? 1 : 0) };
}

/** Takes the row at `index` (not the head) out; Next up shrinks when the row was one of its. */
export function removeRow(parts: QueueParts, index: number): QueueParts {
  const { queue, nextUpCount } = parts;
  if (index < 1 || index >= queue.length) return parts;
  return {
    queue: withoutRow(queue, index),
    nextUpCount: nextUpCount - (index <= nextUpCount ? 1 : 0),
  };
}

/** Clear Next up: the songs the listener added go, the source's stay. */
export function clearNextUp(parts: QueueParts): QueueParts {
  const { queue, nextUpCount } = parts;
  return { queue: joined(queue.slice(0, 1), queue.slice(1 + nextUpCount)), nextUpCount: 0 };
}

/** Clear the rest of the source: Next up stays. */
export function clearSourceRows(parts: QueueParts): QueueParts {
  return { queue: parts.queue.slice(0, 1 + parts.nextUpCount), nextUpCount: parts.nextUpCount };
}

/**
 * A row or another song put in front of the queue (docs/product.md §4: a row moves to the front and
 * plays) pushes the old head to row 1. The old head counts as Next up when Next up is not empty,
 * so that the listener's rows stay together before the source's.
 */
function nextUpWithOldHead(nextUpCount: number): number {
  return nextUpCount === 0 ? 0 : nextUpCount + 1;
}

/** A queue row other than the first moves to the front, as `moveToFront`, with the counts kept. */
export function rowToFront(parts: QueueParts, index: number): QueueParts {
  const { queue, nextUpCount } = parts;
  if (index < 1 || index >= queue.length) return parts;
  const fromNextUp = index <= nextUpCount;
  return {
    queue: moveToFront(queue, index),
    nextUpCount: fromNextUp ? nextUpCount : nextUpWithOldHead(nextUpCount),
  };
}

/** A song of the history plays again: it becomes the head, the old head next after it. */
export function songToFront(parts: QueueParts, song: Song): QueueParts {
  return {
    queue: joined([song], parts.queue),
    nextUpCount: parts.queue.length === 0 ? 0 : nextUpWithOldHead(parts.nextUpCount),
  };
}

/** Next (or the end of a song): the head goes, and a Next up song that becomes head leaves Next up. */
export function advanceParts(parts: QueueParts): QueueParts | null {
  const queue = advanceQueue(parts.queue);
  return queue ? { queue, nextUpCount: Math.max(0, parts.nextUpCount - 1) } : null;
}

/**
 * Shuffle on: docs/product.md §4 randomises everything after the head. The listener's own Next up
 * keeps the order they gave it; without Next up this is §4's rule exactly.
 */
export function shuffleParts(parts: QueueParts, random: RandomSource = Math.random): QueueParts {
  const { queue, nextUpCount } = parts;
  const end = 1 + nextUpCount;
  if (queue.length - end < 2) return { queue: [...queue], nextUpCount };
  return {
    queue: joined(queue.slice(0, end), shuffled(queue.slice(end), random)),
    nextUpCount,
  };
}

/** Without the songs of these ids; Next up loses the ones it held. */
export function withoutSongsInParts(parts: QueueParts, ids: ReadonlySet<string>): QueueParts {
  if (ids.size === 0) return parts;
  let nextUpCount = 0;
  const queue: Song[] = [];
  parts.queue.forEach((song, index) => {
    if (ids.has(song._id)) return;
    if (index >= 1 && index <= parts.nextUpCount) nextUpCount += 1;
    queue.push(song);
  });
  return { queue, nextUpCount };
}

/** The session's history keeps at most this many songs (the oldest go first). */
export const HISTORY_LIMIT = 100;

/** `history` (oldest first) with `song` played last. */
export function withPlayed(history: readonly Song[], song: Song): Song[] {
  const result = history.length >= HISTORY_LIMIT ? history.slice(1 - HISTORY_LIMIT) : [...history];
  result.push(song);
  return result;
}

/**
 * The "other given songs" when the song at `index` of a page's list starts: the songs after it
 * (N+1, N+2, …), not the list from its top. With shuffle on, every other song of the list, which
 * the queue then shuffles.
 */
export function songsAfter(list: readonly Song[], index: number, shuffle: boolean): Song[] {
  if (!shuffle) return list.slice(index + 1);
  return list.filter((_, position) => position !== index);
}
