import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong as song } from '@/test/mock-api/factories';
import { PLAYER_STORAGE_KEY } from './player-persistence';
import { restorePlayer, setPlayerRandomSource, usePlayer } from './player-store';
import { songsAfter, type QueueSource } from './queue';

const ids = () => usePlayer.getState().queue.map((item) => item._id);
const historyIds = () => usePlayer.getState().history.map((item) => item._id);
const album = ['t1', 't2', 't3', 't4', 't5'].map((id) => song(id));
const source: QueueSource = { kind: 'album', label: 'Low Tide', path: '/album/low-tide' };
const player = () => usePlayer.getState();

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  usePlayer.getState().reset();
  localStorage.clear();
  setPlayerRandomSource(() => 0);
});
afterEach(() => setPlayerRandomSource(Math.random));

describe('the queue the listener controls', () => {
  it('track N of a page continues with N+1 and says where the songs come from', () => {
    player().playFrom(album[2]!, songsAfter(album, 2, false), source);
    expect(ids()).toEqual(['t3', 't4', 't5']);
    expect(player().source).toEqual(source);
    player().next();
    expect(player().current?._id).toBe('t4');
  });

  it('Play next and Add to queue order Next up as Spotify does', () => {
    player().playFrom(album[0]!, songsAfter(album, 0, false), source);
    player().addToQueue([song('q1')]);
    player().addToQueue([song('q2')]);
    player().playNext([song('p1')]);
    expect(ids()).toEqual(['t1', 'p1', 'q1', 'q2', 't2', 't3', 't4', 't5']);
    expect(player().nextUpCount).toBe(3);
    player().next();
    expect(player().current?._id).toBe('p1');
    expect(player().nextUpCount).toBe(2);
  });

  it('with nothing playing, Play next starts the song', () => {
    player().playNext([song('x'), song('y')]);
    expect(player().current?._id).toBe('x');
    expect(player().isPlaying).toBe(true);
    expect(ids()).toEqual(['x', 'y']);
    expect(player().nextUpCount).toBe(1);
  });

  it('choosing a song builds the queue anew (§4): Next up empties', () => {
    player().playFrom(album[0]!, album);
    player().addToQueue([song('q1')]);
    player().playFrom(album[3]!, album);
    expect(ids()).toEqual(['t4', 't1', 't2', 't3', 't5']);
    expect(player().nextUpCount).toBe(0);
    expect(player().source).toBeNull();
  });

  it('keeps the history of what played, and a history row plays again', () => {
    player().playFrom(album[0]!, songsAfter(album, 0, false), source);
    player().next();
    player().handleEnded();
    expect(player().current?._id).toBe('t3');
    expect(historyIds()).toEqual(['t1', 't2']);
    player().playHistoryIndex(0);
    expect(player().current?._id).toBe('t1');
    expect(ids()).toEqual(['t1', 't3', 't4', 't5']);
    expect(historyIds()).toEqual(['t1', 't2', 't3']);
  });

  it('repeat restarts the song without adding it to the history', () => {
    player().playFrom(album[0]!, album);
    player().toggleRepeat();
    player().handleEnded();
    expect(player().current?._id).toBe('t1');
    expect(historyIds()).toEqual([]);
  });

  it('reorders, removes and clears rows', () => {
    player().playFrom(album[0]!, songsAfter(album, 0, false), source);
    player().addToQueue([song('q1')]);
    player().moveQueueRow(5, 1);
    expect(ids()).toEqual(['t1', 't5', 'q1', 't2', 't3', 't4']);
    expect(player().nextUpCount).toBe(2);
    player().removeQueueIndex(2);
    expect(ids()).toEqual(['t1', 't5', 't2', 't3', 't4']);
    expect(player().nextUpCount).toBe(1);
    player().clearSource();
    expect(ids()).toEqual(['t1', 't5']);
    expect(player().source).toBeNull();
    player().clearNextUp();
    expect(ids()).toEqual(['t1']);
    expect(player().current?._id).toBe('t1');
  });

  it('shuffle on leaves Next up in order and off does not restore the source order', () => {
    player().playFrom(album[0]!, songsAfter(album, 0, false), source);
    player().playNext([song('p1'), song('p2')]);
    player().toggleShuffle();
    const shuffledIds = ids();
    expect(shuffledIds.slice(0, 3)).toEqual(['t1', 'p1', 'p2']);
    expect(shuffledIds.slice(3)).not.toEqual(['t2', 't3', 't4', 't5']);
    player().toggleShuffle();
    expect(ids()).toEqual(shuffledIds);
  });

  it('builds, reorders and shuffles a queue of 10,000 songs in linear steps', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => song(`s${index}`));
    player().playFrom(many[0]!, songsAfter(many, 0, false), source);
    expect(player().queue).toHaveLength(10_000);
    player().moveQueueRow(9_999, 1);
    expect(ids()[1]).toBe('s9999');
    player().toggleShuffle();
    expect(new Set(ids()).size).toBe(10_000);
  });

  it('restores Next up, the source and the history from storage', async () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({
        queue: [song('h'), song('n1'), song('s1')],
        shuffle: false,
        repeat: false,
        volume: 1,
        muted: false,
        position: 0,
        nextUpCount: 1,
        source,
        history: [song('old')],
      }),
    );
    await restorePlayer();
    expect(player()).toMatchObject({ nextUpCount: 1, source });
    expect(historyIds()).toEqual(['old']);
  });

  it('reads a snapshot stored before Next up existed: none, no source, no history', async () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({
        queue: album,
        shuffle: false,
        repeat: false,
        volume: 1,
        muted: false,
        position: 0,
      }),
    );
    await restorePlayer();
    expect(player()).toMatchObject({ nextUpCount: 0, source: null, history: [] });
    expect(ids()).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });
});
