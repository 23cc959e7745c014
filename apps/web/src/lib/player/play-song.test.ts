import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong as song } from '@/test/mock-api/factories';
import { playSong } from './play-song';
import { setPlayerRandomSource, usePlayer } from './player-store';
import { useStartingSong } from './starting-song';

const list = ['a', 'b', 'c'].map((id) => song(id));
const ids = () => usePlayer.getState().queue.map((item) => item._id);

/** play() calls, each settled by the test: the sound comes (resolve) or is refused (reject). */
let plays: { src: string | null; resolve: () => void; reject: (error: unknown) => void }[] = [];

/** Lets the promise callbacks of a settled play() run. */
const settled = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  plays = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return new Promise<void>((resolve, reject) => {
      plays.push({ src: this.getAttribute('src'), resolve, reject });
    });
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  usePlayer.getState().reset();
  setPlayerRandomSource(() => 0);
});
afterEach(async () => {
  // Whatever is still pending settles and is committed before the next test starts.
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  setPlayerRandomSource(Math.random);
});

describe('a song card’s play click', () => {
  it('plays the element at once; the store takes the song only when the sound comes', async () => {
    playSong(list[1]!, list);
    expect(plays.map((play) => play.src)).toEqual([list[1]!.audioFile]);
    await vi.advanceTimersByTimeAsync(500);
    // Nothing the player bar renders from has changed while the audio loads.
    expect(usePlayer.getState().current).toBeNull();
    plays[0]!.resolve();
    await settled();
    const state = usePlayer.getState();
    expect(state.current?._id).toBe('b');
    expect(ids()).toEqual(['b', 'a', 'c']);
    expect(state.isPlaying).toBe(true);
    expect(state.startToken).toBe(1);
    // The store does not load the song a second time.
    expect(plays).toHaveLength(1);
  });

  it('shows a slow start on the two cards concerned, and the store takes it after a second', async () => {
    usePlayer.getState().playFrom(list[0]!, list);
    plays[0]!.resolve();
    playSong(list[2]!, list);
    expect(useStartingSong.getState().songId).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(useStartingSong.getState()).toEqual({ songId: 'c', replacedId: 'a' });
    expect(usePlayer.getState().current?._id).toBe('a');
    await vi.advanceTimersByTimeAsync(900);
    expect(usePlayer.getState().current?._id).toBe('c');
    expect(useStartingSong.getState()).toEqual({ songId: null, replacedId: null });
  });

  it('a refused start makes the song current with the playing flag off', async () => {
    playSong(list[0]!, list);
    plays[0]!.reject(new DOMException('no gesture', 'NotAllowedError'));
    await settled();
    expect(usePlayer.getState().current?._id).toBe('a');
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('a second click before the sound comes pauses the song', async () => {
    playSong(list[0]!, list);
    playSong(list[0]!, list);
    expect(usePlayer.getState().current?._id).toBe('a');
    expect(usePlayer.getState().isPlaying).toBe(false);
    expect(usePlayer.getState().startToken).toBe(1);
  });

  it('another song clicked before the sound comes takes the place of the first', async () => {
    playSong(list[0]!, list);
    playSong(list[1]!, list);
    plays[0]!.reject(new DOMException('superseded', 'AbortError'));
    await settled();
    expect(usePlayer.getState().current).toBeNull();
    plays[1]!.resolve();
    await settled();
    expect(usePlayer.getState().current?._id).toBe('b');
    expect(usePlayer.getState().startToken).toBe(1);
  });
});
