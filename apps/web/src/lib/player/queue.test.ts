import type { Song } from '@cadenza/contract/songs';
import { describe, expect, it } from 'vitest';
import {
  actionAtEnd,
  advanceQueue,
  buildQueue,
  moveToFront,
  replaceSongs,
  shuffleAfterHead,
  shuffled,
} from './queue';
import { makeSong as song } from '@/test/mock-api/factories';

const ids = (songs: readonly Song[]) => songs.map((item) => item._id);
/** Always picks the first remaining index: a fixed, non-identity order. */
const firstPick = () => 0;

describe('the queue rules of docs/product.md §4', () => {
  const list = ['a', 'b', 'c', 'd'].map((id) => song(id));

  it('puts the chosen song first, then the rest of the list without it', () => {
    expect(ids(buildQueue(song('c'), list, false))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('drops every duplicate of the chosen song from the rest', () => {
    const withDuplicates = [song('a'), song('b'), song('a')];
    expect(ids(buildQueue(song('a'), withDuplicates, false))).toEqual(['a', 'b']);
  });

  it('starts with the chosen song even when the list does not hold it', () => {
    expect(ids(buildQueue(song('z'), list, false))).toEqual(['z', 'a', 'b', 'c', 'd']);
  });

  it('shuffles the rest, never the chosen song, when shuffle is on', () => {
    const queue = buildQueue(song('a'), list, true, firstPick);
    expect(queue[0]?._id).toBe('a');
    expect(ids(queue).slice(1).sort()).toEqual(['b', 'c', 'd']);
    expect(ids(queue)).not.toEqual(['a', 'b', 'c', 'd']);
  });

  it('next drops the head; with one item or none there is no next', () => {
    expect(ids(advanceQueue(list) ?? [])).toEqual(['b', 'c', 'd']);
    expect(advanceQueue([song('a')])).toBeNull();
    expect(advanceQueue([])).toBeNull();
  });

  it('at the end, repeat restarts, otherwise next, and the last song stops', () => {
    expect(actionAtEnd(list, true)).toEqual({ kind: 'restart' });
    const advance = actionAtEnd(list, false);
    expect(advance.kind).toBe('advance');
    expect(advance.kind === 'advance' && ids(advance.queue)).toEqual(['b', 'c', 'd']);
    expect(actionAtEnd([song('a')], false)).toEqual({ kind: 'stop' });
    expect(actionAtEnd([song('a')], true)).toEqual({ kind: 'restart' });
  });

  it('shuffle on randomises everything after the head', () => {
    const queue = shuffleAfterHead(list, firstPick);
    expect(queue[0]?._id).toBe('a');
    expect(ids(queue).slice(1).sort()).toEqual(['b', 'c', 'd']);
    expect(ids(queue)).not.toEqual(ids(list));
    expect(ids(shuffleAfterHead([song('a'), song('b')]))).toEqual(['a', 'b']);
  });

  it('a shuffle keeps every item exactly once', () => {
    const many = Array.from({ length: 50 }, (_, index) => song(String(index)));
    expect(ids(shuffled(many)).sort()).toEqual(ids(many).sort());
  });

  it('a row other than the first moves to the front, the others keep their order', () => {
    expect(ids(moveToFront(list, 2))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(moveToFront(list, 0))).toEqual(ids(list));
    expect(ids(moveToFront(list, 9))).toEqual(ids(list));
  });

  it('fresh copies of songs replace stale ones by id', () => {
    const fresh = new Map([['b', song('b', { audioFile: '/media/audio/b.mp3?expires=2' })]]);
    const queue = replaceSongs(list, fresh);
    expect(queue[1]?.audioFile).toBe('/media/audio/b.mp3?expires=2');
    expect(queue[0]).toBe(list[0]);
  });
});
