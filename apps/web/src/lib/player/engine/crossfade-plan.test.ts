import { describe, expect, it } from 'vitest';
import {
  crossfadeSeconds,
  equalPowerCurve,
  followerStart,
  SCHEDULE_MARGIN_SECONDS,
} from './crossfade-plan';

const song = (albumId: string, trackNumber: number) => ({ albumId, trackNumber, discNumber: 1 });

describe('crossfadeSeconds', () => {
  it('is none when crossfade is off', () => {
    expect(crossfadeSeconds(song('a', 1), 200, song('b', 1), 200, 0)).toBe(0);
  });

  it('overlaps songs of different albums by the chosen length', () => {
    expect(crossfadeSeconds(song('a', 1), 200, song('b', 1), 200, 6)).toBe(6);
  });

  it('never fades between consecutive tracks of an album played in order', () => {
    expect(crossfadeSeconds(song('a', 1), 200, song('a', 2), 200, 6)).toBe(0);
    expect(crossfadeSeconds(song('a', 1), 200, song('a', 3), 200, 6)).toBe(6);
  });

  it('takes at most half of the shorter song', () => {
    expect(crossfadeSeconds(song('a', 1), 200, song('b', 1), 4, 12)).toBe(2);
  });
});

describe('equalPowerCurve', () => {
  it('keeps the sum of the squares of a fade in and a fade out at one', () => {
    const fadeIn = equalPowerCurve(64, 'in');
    const fadeOut = equalPowerCurve(64, 'out');
    expect(fadeIn[0]).toBeCloseTo(0);
    expect(fadeIn[63]).toBeCloseTo(1);
    expect(fadeOut[0]).toBeCloseTo(1);
    expect(fadeOut[63]).toBeCloseTo(0);
    for (let index = 0; index < 64; index += 1) {
      expect(fadeIn[index]! ** 2 + fadeOut[index]! ** 2).toBeCloseTo(1);
    }
  });
});

describe('followerStart', () => {
  it("joins the current song's last sample when it is ahead", () => {
    expect(followerStart(100, 90, 0)).toEqual({ at: 100, overlap: 0 });
  });

  it('joins it exactly also when the next song is ready only a tenth of a second before', () => {
    expect(followerStart(100, 99.9, 0)).toEqual({ at: 100, overlap: 0 });
  });

  it('overlaps by the crossfade, shortened to the time left', () => {
    expect(followerStart(100, 90, 6)).toEqual({ at: 94, overlap: 6 });
    const late = followerStart(100, 97, 6);
    expect(late.at).toBeCloseTo(97 + SCHEDULE_MARGIN_SECONDS);
    expect(late.overlap).toBeCloseTo(3 - SCHEDULE_MARGIN_SECONDS);
  });

  it('starts as soon as the graph can take it once the last sample is due or past', () => {
    expect(followerStart(100, 100, 0)).toEqual({ at: 100 + SCHEDULE_MARGIN_SECONDS, overlap: 0 });
    expect(followerStart(100, 101, 6)).toEqual({ at: 101 + SCHEDULE_MARGIN_SECONDS, overlap: 0 });
  });
});
