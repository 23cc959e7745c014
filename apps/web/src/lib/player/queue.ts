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
  return [song, ...(shuffle ? shuffled(rest, random) : rest)];
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
  const [head, ...rest] = queue;
  return [head as Song, ...shuffled(rest, random)];
}

/** A queue row other than the first moves to the front (the rest keep their order). */
export function moveToFront(queue: readonly Song[], index: number): Song[] {
  const chosen = queue[index];
  if (index <= 0 || !chosen) return [...queue];
  return [chosen, ...queue.slice(0, index), ...queue.slice(index + 1)];
}

/** The queue without the row at `index`; the head (the current song) always stays. */
export function withoutRow(queue: readonly Song[], index: number): Song[] {
  if (index <= 0 || index >= queue.length) return [...queue];
  return [...queue.slice(0, index), ...queue.slice(index + 1)];
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
