import type { Song } from '@cadenza/contract/songs';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  advanceParts,
  clearNextUp,
  clearSourceRows,
  insertAddToQueue,
  insertPlayNext,
  moveRow,
  removeRow,
  rowToFront,
  shuffleParts,
  songToFront,
  songsAfter,
  withPlayed,
  withoutSongsInParts,
  type QueueParts,
} from './queue';
import { makeSong as song } from '@/test/mock-api/factories';

const ids = (songs: readonly Song[]) => songs.map((item) => item._id);
const view = ({ queue, nextUpCount }: QueueParts) => ({ ids: ids(queue), nextUpCount });
const parts = (queueIds: string[], nextUpCount = 0): QueueParts => ({
  queue: queueIds.map((id) => song(id)),
  nextUpCount,
});

describe('Next up: the songs the listener adds', () => {
  it('Play next goes right after the current song, before earlier Next up songs', () => {
    const first = insertPlayNext(parts(['now', 's1', 's2']), [song('p1')]);
    expect(view(first)).toEqual({ ids: ['now', 'p1', 's1', 's2'], nextUpCount: 1 });
    const second = insertPlayNext(first, [song('p2'), song('p3')]);
    expect(view(second)).toEqual({ ids: ['now', 'p2', 'p3', 'p1', 's1', 's2'], nextUpCount: 3 });
  });

  it('Add to queue goes at the end of Next up, before the source songs', () => {
    const first = insertAddToQueue(parts(['now', 's1', 's2']), [song('a1')]);
    const second = insertAddToQueue(first, [song('a2')]);
    const third = insertPlayNext(second, [song('p1')]);
    expect(view(third)).toEqual({ ids: ['now', 'p1', 'a1', 'a2', 's1', 's2'], nextUpCount: 3 });
  });

  it('into an empty queue, the songs are the queue and the first is the head', () => {
    expect(view(insertAddToQueue(parts([]), [song('a'), song('b')]))).toEqual({
      ids: ['a', 'b'],
      nextUpCount: 1,
    });
  });

  it('Next plays Next up first, and each one leaves Next up as it plays', () => {
    const advanced = advanceParts(parts(['now', 'n1', 'n2', 's1'], 2));
    expect(view(advanced!)).toEqual({ ids: ['n1', 'n2', 's1'], nextUpCount: 1 });
    expect(advanceParts(parts(['only']))).toBeNull();
  });
});

describe('moving, removing and clearing rows', () => {
  it('moves a row after the head, never the head itself', () => {
    expect(view(moveRow(parts(['h', 'a', 'b', 'c']), 3, 1))).toEqual({
      ids: ['h', 'c', 'a', 'b'],
      nextUpCount: 0,
    });
    const unchanged = parts(['h', 'a']);
    expect(moveRow(unchanged, 1, 0)).toBe(unchanged);
    expect(moveRow(unchanged, 0, 1)).toBe(unchanged);
  });

  it('a source row moved into Next up joins it; a Next up row moved past it leaves', () => {
    const start = parts(['h', 'n1', 'n2', 's1', 's2'], 2);
    expect(view(moveRow(start, 4, 1))).toEqual({
      ids: ['h', 's2', 'n1', 'n2', 's1'],
      nextUpCount: 3,
    });
    expect(view(moveRow(start, 1, 4))).toEqual({
      ids: ['h', 'n2', 's1', 's2', 'n1'],
      nextUpCount: 1,
    });
    // To the end of Next up, it stays in it.
    expect(view(moveRow(start, 1, 2))).toEqual({
      ids: ['h', 'n2', 'n1', 's1', 's2'],
      nextUpCount: 2,
    });
  });

  it('removes one row at a time and Next up counts what it lost', () => {
    const start = parts(['h', 'n1', 's1'], 1);
    expect(view(removeRow(start, 1))).toEqual({ ids: ['h', 's1'], nextUpCount: 0 });
    expect(view(removeRow(start, 2))).toEqual({ ids: ['h', 'n1'], nextUpCount: 1 });
    expect(removeRow(start, 0)).toBe(start);
  });

  it('clears Next up or the rest of the source, each leaving the other', () => {
    const start = parts(['h', 'n1', 'n2', 's1', 's2'], 2);
    expect(view(clearNextUp(start))).toEqual({ ids: ['h', 's1', 's2'], nextUpCount: 0 });
    expect(view(clearSourceRows(start))).toEqual({ ids: ['h', 'n1', 'n2'], nextUpCount: 2 });
  });

  it('drops songs that are gone and keeps Next up counted', () => {
    const start = parts(['h', 'n1', 'x', 's1', 'x'], 2);
    expect(view(withoutSongsInParts(start, new Set(['x'])))).toEqual({
      ids: ['h', 'n1', 's1'],
      nextUpCount: 1,
    });
  });
});

describe('rows to the front (docs/product.md §4) and the history', () => {
  it('a source row moves to the front and the old head follows it', () => {
    expect(view(rowToFront(parts(['h', 'a', 'b', 'c']), 2))).toEqual({
      ids: ['b', 'h', 'a', 'c'],
      nextUpCount: 0,
    });
  });

  it('with Next up, the old head stays with it before the source', () => {
    expect(view(rowToFront(parts(['h', 'n1', 'n2', 's1'], 2), 3))).toEqual({
      ids: ['s1', 'h', 'n1', 'n2'],
      nextUpCount: 3,
    });
    expect(view(rowToFront(parts(['h', 'n1', 'n2', 's1'], 2), 2))).toEqual({
      ids: ['n2', 'h', 'n1', 's1'],
      nextUpCount: 2,
    });
  });

  it('a history song becomes the head and the old head comes next', () => {
    expect(view(songToFront(parts(['h', 's1']), song('old')))).toEqual({
      ids: ['old', 'h', 's1'],
      nextUpCount: 0,
    });
  });

  it('keeps at most HISTORY_LIMIT songs, the oldest leaving first', () => {
    let history: Song[] = [];
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1)
      history = withPlayed(history, song(`s${index}`));
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]?._id).toBe('s5');
    expect(history.at(-1)?._id).toBe(`s${HISTORY_LIMIT + 4}`);
  });
});

describe('shuffle with Next up', () => {
  it('keeps Next up in the listener order and shuffles the source after it', () => {
    const start = parts(['h', 'n1', 'n2', 's1', 's2', 's3', 's4'], 2);
    const result = shuffleParts(start, () => 0);
    expect(ids(result.queue).slice(0, 3)).toEqual(['h', 'n1', 'n2']);
    expect(ids(result.queue).slice(3).sort()).toEqual(['s1', 's2', 's3', 's4']);
    expect(ids(result.queue).slice(3)).not.toEqual(['s1', 's2', 's3', 's4']);
    expect(result.nextUpCount).toBe(2);
  });

  it('without Next up, everything after the head is shuffled (§4)', () => {
    const result = shuffleParts(parts(['h', 'a', 'b', 'c']), () => 0);
    expect(ids(result.queue)[0]).toBe('h');
    expect(ids(result.queue)).not.toEqual(['h', 'a', 'b', 'c']);
  });
});

describe('starting track N of a page', () => {
  const list = ['t1', 't2', 't3', 't4', 't5'].map((id) => song(id));

  it('gives the songs after it, not the list from its top', () => {
    expect(ids(songsAfter(list, 2, false))).toEqual(['t4', 't5']);
    expect(songsAfter(list, 4, false)).toEqual([]);
  });

  it('with shuffle on, gives every other song of the list', () => {
    expect(ids(songsAfter(list, 2, true))).toEqual(['t1', 't2', 't4', 't5']);
  });
});
