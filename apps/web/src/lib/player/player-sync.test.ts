import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { stubMediaElement } from '@/test/render-app';
import {
  PLAYER_POSITION_STORAGE_KEY,
  PLAYER_STORAGE_KEY,
  readPlayerSnapshot,
} from './player-persistence';
import { usePlayer } from './player-store';
import { SNAPSHOT_WRITE_DELAY_MS, startPlayerSync } from './player-sync';

const album = ['1', '2', '3', '4'].map((id) => makeSong(id, { duration: 600 }));
const player = () => usePlayer.getState();
const storedIds = () => {
  const stored = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? '{}') as {
    queue?: { _id: string }[];
  };
  return stored.queue?.map((song) => song._id);
};

let stop: () => void;
let setItem: ReturnType<typeof vi.spyOn<Storage, 'setItem'>>;
const writesOf = (key: string) => setItem.mock.calls.filter(([written]) => written === key).length;

beforeEach(() => {
  stubMediaElement();
  localStorage.clear();
  vi.useFakeTimers();
  setItem = vi.spyOn(Storage.prototype, 'setItem');
  stop = startPlayerSync();
});
afterEach(() => {
  stop();
  player().reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the player kept in storage', () => {
  it('writes a change to the queue after the task that made it, and a burst of changes once', () => {
    player().playFrom(album[0]!, album);
    player().moveQueueRow(3, 1);
    player().moveQueueRow(3, 2);
    expect(writesOf(PLAYER_STORAGE_KEY)).toBe(0);
    vi.advanceTimersByTime(SNAPSHOT_WRITE_DELAY_MS);
    expect(writesOf(PLAYER_STORAGE_KEY)).toBe(1);
    expect(storedIds()).toEqual(['1', '4', '3', '2']);
  });

  it('writes a playing song’s position on its own, not the queue again', async () => {
    player().playFrom(album[0]!, album);
    vi.advanceTimersByTime(SNAPSHOT_WRITE_DELAY_MS);
    player().reportProgress(5, 600);
    vi.advanceTimersByTime(2000);
    player().reportProgress(7.5, 600);
    vi.advanceTimersByTime(SNAPSHOT_WRITE_DELAY_MS);
    expect(writesOf(PLAYER_STORAGE_KEY)).toBe(1);
    expect(JSON.parse(localStorage.getItem(PLAYER_POSITION_STORAGE_KEY) ?? 'null')).toEqual({
      songId: '1',
      position: 7.5,
    });
    // A reload comes back where the song was.
    expect((await readPlayerSnapshot())?.position).toBe(7.5);
  });

  it('writes the position at once on a pause', () => {
    player().playFrom(album[0]!, album);
    player().reportProgress(1, 600);
    player().reportProgress(2, 600);
    expect(localStorage.getItem(PLAYER_POSITION_STORAGE_KEY)).toContain('"position":0');
    player().pause();
    expect(JSON.parse(localStorage.getItem(PLAYER_POSITION_STORAGE_KEY) ?? 'null')).toEqual({
      songId: '1',
      position: 2,
    });
  });

  it('writes what is waiting at once when the page is left', () => {
    player().playFrom(album[1]!, album);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedIds()).toEqual(['2', '1', '3', '4']);
  });

  it('reads a position of another song than the stored head as none', async () => {
    player().playFrom(album[0]!, album);
    vi.advanceTimersByTime(SNAPSHOT_WRITE_DELAY_MS);
    localStorage.setItem(
      PLAYER_POSITION_STORAGE_KEY,
      JSON.stringify({ songId: 'another', position: 99 }),
    );
    expect((await readPlayerSnapshot())?.position).toBe(0);
  });

  it('forgets the queue and the position when nothing is current any more', () => {
    player().playFrom(album[0]!, album);
    vi.advanceTimersByTime(SNAPSHOT_WRITE_DELAY_MS);
    player().reset();
    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PLAYER_POSITION_STORAGE_KEY)).toBeNull();
  });
});
