import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong as song } from '@/test/mock-api/factories';
import { PLAYER_STORAGE_KEY } from './player-persistence';
import { DEFAULT_VOLUME, restorePlayer, setPlayerRandomSource, usePlayer } from './player-store';

const ids = () => usePlayer.getState().queue.map((item) => item._id);
const list = ['a', 'b', 'c', 'd'].map((id) => song(id));

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  usePlayer.getState().reset();
  setPlayerRandomSource(() => 0);
});
afterEach(() => setPlayerRandomSource(Math.random));

describe('the player store', () => {
  it('starts empty, paused, at volume 0.8', () => {
    const state = usePlayer.getState();
    expect(state.current).toBeNull();
    expect(state.isPlaying).toBe(false);
    expect(state.volume).toBe(DEFAULT_VOLUME);
    expect(DEFAULT_VOLUME).toBe(0.8);
  });

  it('playFrom starts a song with the queue built from the list and counts a start', () => {
    usePlayer.getState().playFrom(list[2]!, list);
    const state = usePlayer.getState();
    expect(state.current?._id).toBe('c');
    expect(state.isPlaying).toBe(true);
    expect(ids()).toEqual(['c', 'a', 'b', 'd']);
    expect(state.startToken).toBe(1);
  });

  it('playFrom loads and plays the audio element before the state changes', () => {
    const seen: (string | null)[] = [];
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      seen.push(`${this.getAttribute('src')} while current=${usePlayer.getState().current?._id}`);
      return Promise.resolve();
    });
    usePlayer.getState().setVolume(0.5);
    usePlayer.getState().playFrom(list[1]!, list);
    expect(seen).toEqual([`${list[1]!.audioFile} while current=undefined`]);
    const audio = document.querySelector('audio')!;
    expect(audio.volume).toBe(0.5);
    usePlayer.getState().reset();
    expect(audio.hasAttribute('src')).toBe(false);
  });

  it('choosing the current song toggles pause and play without a new start', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().playFrom(list[0]!, list);
    expect(usePlayer.getState().isPlaying).toBe(false);
    usePlayer.getState().playFrom(list[0]!, list);
    expect(usePlayer.getState().isPlaying).toBe(true);
    expect(usePlayer.getState().startToken).toBe(1);
  });

  it('next plays the new head; with one item it does nothing', () => {
    usePlayer.getState().playFrom(list[0]!, list.slice(0, 2));
    usePlayer.getState().next();
    expect(usePlayer.getState().current?._id).toBe('b');
    expect(ids()).toEqual(['b']);
    usePlayer.getState().next();
    expect(usePlayer.getState().current?._id).toBe('b');
    expect(usePlayer.getState().startToken).toBe(2);
  });

  it('previous restarts the current song', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().reportProgress(42, 180);
    usePlayer.getState().previous();
    const state = usePlayer.getState();
    expect(state.current?._id).toBe('a');
    expect(state.seekRequest?.time).toBe(0);
    expect(state.position).toBe(0);
  });

  it('at the end repeat restarts (a new start), otherwise next, and the last stops', () => {
    usePlayer.getState().playFrom(list[0]!, list.slice(0, 2));
    usePlayer.getState().toggleRepeat();
    usePlayer.getState().handleEnded();
    expect(usePlayer.getState().current?._id).toBe('a');
    expect(usePlayer.getState().seekRequest?.time).toBe(0);
    expect(usePlayer.getState().startToken).toBe(2);
    usePlayer.getState().toggleRepeat();
    usePlayer.getState().handleEnded();
    expect(usePlayer.getState().current?._id).toBe('b');
    usePlayer.getState().handleEnded();
    expect(usePlayer.getState().current?._id).toBe('b');
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('shuffle on reorders after the head; off keeps the order; new queues shuffle', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().toggleShuffle();
    const shuffledOrder = ids();
    expect(shuffledOrder[0]).toBe('a');
    expect(shuffledOrder).not.toEqual(['a', 'b', 'c', 'd']);
    usePlayer.getState().toggleShuffle();
    expect(ids()).toEqual(shuffledOrder);
    usePlayer.getState().toggleShuffle();
    usePlayer.getState().playFrom(list[1]!, list);
    expect(ids()[0]).toBe('b');
    expect(ids()).not.toEqual(['b', 'a', 'c', 'd']);
  });

  it('a queue row other than the first moves to the front and plays; the first toggles', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().playQueueIndex(2);
    expect(ids()).toEqual(['c', 'a', 'b', 'd']);
    expect(usePlayer.getState().isPlaying).toBe(true);
    usePlayer.getState().playQueueIndex(0);
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('removing an upcoming row keeps the current song playing; the first row stays', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().removeQueueIndex(2);
    expect(ids()).toEqual(['a', 'b', 'd']);
    expect(usePlayer.getState()).toMatchObject({ isPlaying: true, current: list[0] });
    usePlayer.getState().removeQueueIndex(0);
    usePlayer.getState().removeQueueIndex(7);
    expect(ids()).toEqual(['a', 'b', 'd']);
  });

  it('refused playback turns the playing flag off', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().playbackRefused();
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('mute silences, moving the volume unmutes', () => {
    usePlayer.getState().toggleMute();
    expect(usePlayer.getState().muted).toBe(true);
    usePlayer.getState().setVolume(0.33);
    expect(usePlayer.getState()).toMatchObject({ muted: false, volume: 0.33 });
    usePlayer.getState().setVolume(4);
    expect(usePlayer.getState().volume).toBe(1);
  });

  it('a stored session comes back paused at its position, its URLs marked stale', async () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({
        queue: list,
        shuffle: true,
        repeat: true,
        volume: 0.5,
        muted: false,
        position: 12,
      }),
    );
    expect(usePlayer.getState().current).toBeNull();
    await restorePlayer();
    const restored = usePlayer.getState();
    expect(restored).toMatchObject({
      isPlaying: false,
      shuffle: true,
      repeat: true,
      volume: 0.5,
      position: 12,
      urlsStale: true,
    });
    expect(restored.current?._id).toBe('a');
    expect(restored.seekRequest?.time).toBe(12);
  });

  it('refreshing drops songs that are gone; the current one stays when it is still there', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    const fresh = song('a', { audioFile: '/media/audio/a-fresh.mp3' });
    usePlayer.getState().refreshSongs([fresh], ['c']);
    expect(ids()).toEqual(['a', 'b', 'd']);
    expect(usePlayer.getState().current?.audioFile).toBe('/media/audio/a-fresh.mp3');
    expect(usePlayer.getState().isPlaying).toBe(true);
    usePlayer.getState().refreshSongs([], ['a', 'b', 'd']);
    expect(usePlayer.getState()).toMatchObject({ current: null, queue: [], isPlaying: false });
  });

  it('another tab changing the song shows it here, paused', () => {
    usePlayer.getState().playFrom(list[0]!, list);
    usePlayer.getState().applyRemote({
      queue: [list[3]!],
      shuffle: false,
      repeat: false,
      volume: 0.8,
      muted: false,
      position: 5,
    });
    expect(usePlayer.getState().current?._id).toBe('d');
    expect(usePlayer.getState().isPlaying).toBe(false);
  });
});

describe('restoring the player', () => {
  it('keeps what plays when something started before the snapshot was read', async () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({
        queue: list,
        shuffle: false,
        repeat: false,
        volume: 1,
        muted: false,
        position: 3,
      }),
    );
    const restoring = restorePlayer();
    usePlayer.getState().playFrom(list[2]!, list);
    await restoring;
    expect(usePlayer.getState().current?._id).toBe('c');
  });

  it('ignores a snapshot that is not one', async () => {
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ queue: 'nope' }));
    await restorePlayer();
    expect(usePlayer.getState().current).toBeNull();
  });
});
