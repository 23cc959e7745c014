import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { logIn, stubMediaElement } from '@/test/render-app';
import { usePlayer } from './player-store';
import { useQueueOffer } from './queue-offer';
import {
  continueQueue,
  dismissQueueOffer,
  QUEUE_STAMP_KEY_PREFIX,
  startQueueSync,
} from './queue-sync';

const user = makeUser();
const ids = ['01', '02', '03'].map((n) => `0190d4f2-8b1e-7000-8000-0000000000${n}`);
const songs = ids.map((id, index) => makeSong(id, { title: `Track ${index + 1}` }));

let stop: () => void = () => {};
beforeEach(() => {
  stubMediaElement();
  logIn(user);
  seed.songs(...songs);
});
afterEach(() => {
  stop();
  usePlayer.getState().reset();
  useQueueOffer.getState().setOffer(null);
  window.localStorage.clear();
});

function savedElsewhere(changedAt = '2026-11-29T08:00:00.000Z') {
  store.playQueues.set(user._id, {
    songIds: ids,
    currentSongId: ids[1]!,
    currentIndex: null,
    positionMs: 42_500,
    changedAt,
    changedBy: 'Phone app',
  });
}

describe('the queue that follows the listener', () => {
  it('offers a queue another device saved, and Continue takes it over paused at its position', async () => {
    savedElsewhere();
    stop = startQueueSync();
    await expect.poll(() => useQueueOffer.getState().offer?.changedBy).toBe('Phone app');

    continueQueue(useQueueOffer.getState().offer!);
    const player = usePlayer.getState();
    expect(player.current?._id).toBe(ids[1]);
    expect(player.queue.map((song) => song._id)).toEqual([ids[1], ids[2]]);
    expect(player.position).toBe(42.5);
    expect(player.isPlaying).toBe(false);
    expect(useQueueOffer.getState().offer).toBeNull();
    expect(window.localStorage.getItem(`${QUEUE_STAMP_KEY_PREFIX}${user._id}`)).toBe(
      '2026-11-29T08:00:00.000Z',
    );
  });

  it('continues at the saved entry when the queue holds its song twice', async () => {
    store.playQueues.set(user._id, {
      songIds: [ids[0]!, ids[1]!, ids[0]!, ids[2]!],
      currentSongId: ids[0]!,
      currentIndex: 2,
      positionMs: 1000,
      changedAt: '2026-11-29T08:00:00.000Z',
      changedBy: 'Phone app',
    });
    stop = startQueueSync();
    await expect.poll(() => useQueueOffer.getState().offer?.changedBy).toBe('Phone app');

    continueQueue(useQueueOffer.getState().offer!);
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual([ids[0], ids[2]]);
  });

  it('does not offer again a queue turned down, nor one this browser saved', async () => {
    savedElsewhere();
    stop = startQueueSync();
    await expect.poll(() => useQueueOffer.getState().offer).not.toBeNull();
    dismissQueueOffer();
    stop();
    stop = startQueueSync();
    await expect.poll(() => requestsTo('GET /api/user/play-queue').length).toBe(2);
    expect(useQueueOffer.getState().offer).toBeNull();

    // A newer one from elsewhere is offered again.
    savedElsewhere('2026-11-29T09:00:00.000Z');
    document.dispatchEvent(new Event('visibilitychange'));
    await expect
      .poll(() => useQueueOffer.getState().offer?.changedAt)
      .toBe('2026-11-29T09:00:00.000Z');
  });

  it('saves what this browser plays: its songs in order, the current one and the position', async () => {
    stop = startQueueSync();
    await expect.poll(() => requestsTo('GET /api/user/play-queue').length).toBe(1);
    usePlayer.getState().playFrom(songs[0]!, songs);
    usePlayer.getState().seek(12.25);
    usePlayer.getState().pause();
    await expect
      .poll(() => store.playQueues.get(user._id)?.positionMs, { timeout: 3000 })
      .toBe(12_250);
    expect(store.playQueues.get(user._id)).toMatchObject({ songIds: ids, currentSongId: ids[0] });
    const stamp = store.playQueues.get(user._id)!.changedAt;
    await expect
      .poll(() => window.localStorage.getItem(`${QUEUE_STAMP_KEY_PREFIX}${user._id}`))
      .toBe(stamp);

    // What this browser saved itself is nothing to offer.
    stop();
    stop = startQueueSync();
    await expect.poll(() => requestsTo('GET /api/user/play-queue').length).toBe(2);
    expect(useQueueOffer.getState().offer).toBeNull();
  });

  it('offers nothing when this browser already plays the same songs', async () => {
    savedElsewhere();
    usePlayer.getState().playFrom(songs[1]!, [songs[1]!, songs[2]!]);
    stop = startQueueSync();
    await expect.poll(() => requestsTo('GET /api/user/play-queue').length).toBe(1);
    await expect
      .poll(() => window.localStorage.getItem(`${QUEUE_STAMP_KEY_PREFIX}${user._id}`))
      .toBe('2026-11-29T08:00:00.000Z');
    expect(useQueueOffer.getState().offer).toBeNull();
  });

  it('saves nothing for a visitor', () => {
    useAuthStore.getState().clearSession();
    stop = startQueueSync();
    usePlayer.getState().playFrom(songs[0]!, songs);
    usePlayer.getState().pause();
    expect(requestsTo('GET /api/user/play-queue')).toEqual([]);
    expect(requestsTo('PUT /api/user/play-queue')).toEqual([]);
  });
});
