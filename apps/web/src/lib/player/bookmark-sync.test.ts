import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { logIn, stubMediaElement } from '@/test/render-app';
import {
  dismissResumeOffer,
  resumeFromBookmark,
  startBookmarkSync,
  useResumeOffer,
} from './bookmark-sync';
import { usePlayer } from './player-store';

const user = makeUser();
const longMix = makeSong('0190d4f2-8b1e-7000-8000-0000000000a1', {
  title: 'Two-hour mix',
  duration: 7200,
});
const nextMix = makeSong('0190d4f2-8b1e-7000-8000-0000000000a2', {
  title: 'Another mix',
  duration: 3600,
});
const shortSong = makeSong('0190d4f2-8b1e-7000-8000-0000000000a3', { duration: 200 });

const keyOf = (songId: string) => `${user._id}/${songId}`;
const keptAt = (songId: string) => store.bookmarks.get(keyOf(songId))?.positionMs;

function bookmarked(song = longMix, positionMs = 754_000) {
  store.bookmarks.set(keyOf(song._id), {
    song,
    positionMs,
    comment: null,
    createdAt: '2026-11-29T08:00:00.000Z',
    changedAt: '2026-11-29T08:00:00.000Z',
  });
}

let stop: () => void = () => {};
beforeEach(() => {
  stubMediaElement();
  logIn(user);
  seed.songs(longMix, nextMix, shortSong);
});
afterEach(() => {
  stop();
  usePlayer.getState().reset();
  dismissResumeOffer();
});

describe('the place kept in long tracks', () => {
  it('offers to resume where the listener stopped, and Resume goes there', async () => {
    bookmarked();
    stop = startBookmarkSync();
    usePlayer.getState().playFrom(longMix, [longMix]);
    await expect.poll(() => useResumeOffer.getState().offer?.positionMs).toBe(754_000);

    resumeFromBookmark();
    expect(usePlayer.getState().position).toBe(754);
    expect(useResumeOffer.getState().offer).toBeNull();
  });

  it('keeps the place on a pause and a seek, and forgets it once heard to the end', async () => {
    stop = startBookmarkSync();
    usePlayer.getState().playFrom(longMix, [longMix, nextMix]);
    await expect.poll(() => requestsTo('GET /api/user/songs/:id/bookmark').length).toBe(1);

    usePlayer.getState().seek(1800);
    await expect.poll(() => keptAt(longMix._id)).toBe(1_800_000);
    usePlayer.getState().seek(2400.5);
    usePlayer.getState().pause();
    await expect.poll(() => keptAt(longMix._id)).toBe(2_400_500);

    // Heard to the end, the next track starts: the finished one keeps no place.
    usePlayer.getState().seek(7195);
    await expect.poll(() => keptAt(longMix._id)).toBeUndefined();
    usePlayer.getState().next();
    expect(usePlayer.getState().current?._id).toBe(nextMix._id);
    expect(store.bookmarks.has(keyOf(longMix._id))).toBe(false);
  });

  it('keeps the place of a long track left part-way for another', async () => {
    stop = startBookmarkSync();
    usePlayer.getState().playFrom(longMix, [longMix, nextMix]);
    usePlayer.getState().reportProgress(95, 7200);
    usePlayer.getState().next();
    await expect.poll(() => keptAt(longMix._id)).toBe(95_000);
  });

  it('neither asks nor keeps anything for a short song, nor offers a place at the start', async () => {
    bookmarked(nextMix, 10_000);
    stop = startBookmarkSync();
    usePlayer.getState().playFrom(shortSong, [shortSong, nextMix]);
    usePlayer.getState().seek(120);
    usePlayer.getState().next();
    await expect.poll(() => requestsTo('GET /api/user/songs/:id/bookmark').length).toBe(1);
    expect(requestsTo('PUT /api/user/songs/:id/bookmark')).toHaveLength(0);
    expect(useResumeOffer.getState().offer).toBeNull();
  });
});
