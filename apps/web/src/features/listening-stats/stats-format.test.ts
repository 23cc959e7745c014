import { describe, expect, it } from 'vitest';
import { dayOfMoment, dayRange, minutesText, periodTitle, streakText } from './stats-format';

describe('the wording of the statistics', () => {
  it('names each period', () => {
    expect(periodTitle('week', '2026-11-23')).toBe('Week of 23 Nov 2026');
    expect(periodTitle('month', '2026-11-01')).toBe('November 2026');
    expect(periodTitle('year', '2026-01-01')).toBe('2026');
    expect(periodTitle('all', null)).toBe('All time');
  });

  it('counts whole minutes, rounded down, with a thousands separator', () => {
    expect(minutesText(59)).toBe('0 minutes');
    expect(minutesText(119)).toBe('1 minute');
    expect(minutesText(74_240)).toBe('1,237 minutes');
  });

  it('says a run of days as briefly as its months and years allow', () => {
    expect(dayRange('2026-11-07', '2026-11-07')).toBe('7 Nov');
    expect(dayRange('2026-11-03', '2026-11-07')).toBe('3–7 Nov');
    expect(dayRange('2026-10-28', '2026-11-03')).toBe('28 Oct – 3 Nov');
    expect(dayRange('2025-12-28', '2026-01-03')).toBe('28 Dec 2025 – 3 Jan 2026');
    expect(streakText({ days: 5, from: '2026-11-03', to: '2026-11-07' })).toBe('5 days · 3–7 Nov');
    expect(streakText({ days: 1, from: '2026-11-07', to: '2026-11-07' })).toBe('1 day · 7 Nov');
    expect(streakText(null)).toBe('None');
  });

  it("reads a moment's day on the listener's clock", () => {
    expect(dayOfMoment('2026-10-31T23:30:00.000Z', 'UTC')).toBe('31 Oct 2026');
    expect(dayOfMoment('2026-10-31T23:30:00.000Z', 'Europe/Paris')).toBe('1 Nov 2026');
    expect(dayOfMoment('2026-11-03', 'Asia/Tokyo')).toBe('3 Nov 2026');
  });
});
