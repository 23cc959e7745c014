import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  currentStreak,
  foldPlays,
  localMoment,
  longestStreak,
  periodBounds,
  startOfLocalDay,
} from './listening-totals';

describe('a play on the listener’s clock', () => {
  it('falls on their day, hour and weekday, summer time included', () => {
    expect(localMoment('2025-01-01T03:30:00.000Z', 'America/New_York')).toEqual({
      day: '2024-12-31',
      hour: 22,
      weekday: 1,
    });
    expect(localMoment('2025-07-04T02:00:00.000Z', 'America/New_York')).toEqual({
      day: '2025-07-03',
      hour: 22,
      weekday: 3,
    });
    expect(localMoment('2025-03-01T15:30:00.000Z', 'Asia/Kolkata')).toEqual({
      day: '2025-03-01',
      hour: 21,
      weekday: 5,
    });
    expect(localMoment('2025-03-01T15:30:00.000Z', 'Pacific/Kiritimati').day).toBe('2025-03-02');
  });

  it('finds the instant a day starts, on days the clocks change too', () => {
    expect(startOfLocalDay('2025-01-01', 'America/New_York')).toBe('2025-01-01T05:00:00.000Z');
    expect(startOfLocalDay('2025-07-04', 'America/New_York')).toBe('2025-07-04T04:00:00.000Z');
    expect(startOfLocalDay('2025-03-30', 'Europe/Berlin')).toBe('2025-03-29T23:00:00.000Z');
    expect(startOfLocalDay('2025-03-31', 'Europe/Berlin')).toBe('2025-03-30T22:00:00.000Z');
    expect(startOfLocalDay('2025-06-01', 'UTC')).toBe('2025-06-01T00:00:00.000Z');
  });

  it('knows time zones by their names, in any case, and nothing else', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const name of ['Mars/Olympus', '', '../etc/passwd', 'Europe/Paris\u0000'])
      expect(canonicalTimeZone(name), name).toBeNull();
  });
});

describe('periods and streaks', () => {
  it('bounds a week from Monday to Sunday, a month and a year', () => {
    expect(periodBounds('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodBounds('week', '2026-12-31')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodBounds('month', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodBounds('year', '2025-06-15')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('finds the longest run of days, across months and years', () => {
    expect(longestStreak([])).toBeNull();
    expect(
      longestStreak(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-03', '2025-01-04']),
    ).toEqual({ days: 3, from: '2024-12-30', to: '2025-01-01' });
    expect(longestStreak(['2025-02-28', '2025-03-01'])).toEqual({
      days: 2,
      from: '2025-02-28',
      to: '2025-03-01',
    });
  });

  it('keeps a current streak alive until a whole day goes without a play', () => {
    const days = ['2026-11-29', '2026-11-28', '2026-11-26'];
    expect(currentStreak(days, '2026-11-29')).toEqual({
      days: 2,
      from: '2026-11-28',
      to: '2026-11-29',
    });
    expect(currentStreak(days, '2026-11-30')).toEqual({
      days: 2,
      from: '2026-11-28',
      to: '2026-11-29',
    });
    expect(currentStreak(days, '2026-12-01')).toBeNull();
    expect(currentStreak([], '2026-12-01')).toBeNull();
  });
});

describe('folding plays into counts', () => {
  it('counts each play once per period under every item it belongs to', () => {
    const songs = new Map([
      ['s1', { id: 's1', seconds: 90, albumId: 'a1', artistIds: ['x', 'y', 'x'], genreIds: ['g'] }],
    ]);
    const deltas = foldPlays(
      [
        { songId: 's1', playedAt: '2025-05-05T10:00:00.000Z' },
        { songId: 's1', playedAt: '2025-04-30T10:00:00.000Z' },
        { songId: 'gone', playedAt: '2025-04-30T10:00:00.000Z' },
      ],
      songs,
      'UTC',
    );
    const row = (key: string) => deltas.get(key.replaceAll('|', '\u0000'));
    expect(row('all|total|')).toMatchObject({ plays: 2, seconds: 180, firstDay: null });
    expect(row('all|artist|x')).toMatchObject({ plays: 2, firstDay: '2025-04-30' });
    expect(row('y2025|artist|x')).toMatchObject({ plays: 2, firstDay: null });
    expect(row('m2025-04|song|s1')).toMatchObject({ plays: 1, seconds: 90 });
    expect(row('m2025-05|weekday|0')).toMatchObject({ plays: 1 });
    expect(row('all|hour|10')).toMatchObject({ plays: 2 });
    expect([...deltas.keys()].filter((key) => key.startsWith('all\u0000'))).toHaveLength(11);
  });
});
