import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatExactDuration,
  formatTimeAgo,
  formatTotalDuration,
  formatTrackTime,
} from './format';

describe('formatDuration', () => {
  it.each([
    [185, '03:05'],
    [36.9, '00:36'],
    [0, '00:00'],
    [-4, '00:00'],
    [Number.NaN, '00:00'],
    [6000, '100:00'],
  ])('shows %s seconds as %s (mm:ss)', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });
});

describe('formatTrackTime', () => {
  it('writes minutes and two-digit seconds, hours past an hour', () => {
    expect(formatTrackTime(185_000)).toBe('3:05');
    expect(formatTrackTime(59_600)).toBe('1:00');
    expect(formatTrackTime(760_000)).toBe('12:40');
    expect(formatTrackTime(3_729_000)).toBe('1:02:09');
  });

  it('reads 0:00 for nothing, negative or not a number', () => {
    for (const ms of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatTrackTime(ms)).toBe('0:00');
    }
  });
});

describe('formatTotalDuration', () => {
  it('writes minutes under an hour, hours and minutes past it', () => {
    expect(formatTotalDuration(42 * 60_000 + 10_000)).toBe('42 min');
    expect(formatTotalDuration(63 * 60_000)).toBe('1 hr 3 min');
    expect(formatTotalDuration(120 * 60_000)).toBe('2 hr');
    expect(formatTotalDuration(0)).toBe('0 min');
  });
});

describe('formatExactDuration', () => {
  it('writes hours, minutes and seconds, to the second', () => {
    expect(formatExactDuration(3_723_000)).toBe('1 h 2 min 3 s');
    expect(formatExactDuration(2_527_000)).toBe('42 min 7 s');
    expect(formatExactDuration(7_000)).toBe('7 s');
  });

  it('rounds to the nearest second and leaves out parts of nought', () => {
    expect(formatExactDuration(2_526_600)).toBe('42 min 7 s');
    expect(formatExactDuration(3_600_000)).toBe('1 h');
    expect(formatExactDuration(3_605_000)).toBe('1 h 5 s');
    expect(formatExactDuration(120_000)).toBe('2 min');
  });

  it('reads nothing, or anything that is no length, as 0 s', () => {
    expect(formatExactDuration(0)).toBe('0 s');
    expect(formatExactDuration(-5)).toBe('0 s');
    expect(formatExactDuration(Number.NaN)).toBe('0 s');
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  it.each([
    ['2026-11-23T11:59:30.000Z', 'just now'],
    ['2026-11-23T12:00:05.000Z', 'just now'],
    ['2026-11-23T11:57:00.000Z', '3 min ago'],
    ['2026-11-23T10:00:00.000Z', '2 h ago'],
    ['2026-11-22T09:00:00.000Z', 'yesterday'],
    ['2026-11-19T12:00:00.000Z', '4 days ago'],
    ['not a date', 'not a date'],
  ])('shows %s as %s', (iso, shown) => {
    expect(formatTimeAgo(iso, now)).toBe(shown);
  });

  it('shows the date for a week or more ago', () => {
    const iso = '2026-10-01T12:00:00.000Z';
    expect(formatTimeAgo(iso, now)).toBe(new Date(iso).toLocaleDateString());
  });
});
