import type { StatsPeriod, Streak } from '@cadenza/contract/listening-stats';

/**
 * How the statistics word their figures and dates, in English whatever the browser's language:
 * days are the listener's calendar days (YYYY-MM-DD), read as such, never shifted by a zone.
 */

const NUMBER = new Intl.NumberFormat('en-GB');
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const MONTH_SHORT = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const MONTH_LONG = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const FULL_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** A calendar day (YYYY-MM-DD) as a date at its midnight in UTC, which the formats above read. */
function dateOf(day: string): Date {
  return new Date(`${day.slice(0, 10)}T00:00:00Z`);
}

/** A whole number with a thousands separator: "12,345". */
export function formatCount(count: number): string {
  return NUMBER.format(count);
}

/** Whole minutes in these seconds, rounded down. */
export function minutesOf(seconds: number): number {
  return Math.floor(seconds / 60);
}

function counted(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "42 minutes", "1 minute", "12,345 minutes". */
export function minutesText(seconds: number): string {
  return counted(minutesOf(seconds), 'minute', 'minutes');
}

export function playsText(plays: number): string {
  return counted(plays, 'play', 'plays');
}

export function daysText(days: number): string {
  return counted(days, 'day', 'days');
}

/** The heading of a period: "Week of 23 Nov 2026", "November 2026", "2026", "All time". */
export function periodTitle(period: StatsPeriod, from: string | null): string {
  if (period === 'all' || from === null) return 'All time';
  if (period === 'week') return `Week of ${DAY_MONTH_YEAR.format(dateOf(from))}`;
  if (period === 'month') return MONTH_YEAR.format(dateOf(from));
  return from.slice(0, 4);
}

/** A run of days: "7 Nov", "3–7 Nov", "28 Oct – 3 Nov", "28 Dec 2025 – 3 Jan 2026". */
export function dayRange(from: string, to: string): string {
  if (from === to) return DAY_MONTH.format(dateOf(from));
  if (from.slice(0, 4) !== to.slice(0, 4))
    return `${DAY_MONTH_YEAR.format(dateOf(from))} – ${DAY_MONTH_YEAR.format(dateOf(to))}`;
  if (from.slice(0, 7) !== to.slice(0, 7))
    return `${DAY_MONTH.format(dateOf(from))} – ${DAY_MONTH.format(dateOf(to))}`;
  const first = dateOf(from).getUTCDate();
  const last = dateOf(to).getUTCDate();
  return `${first}–${last} ${MONTH_SHORT.format(dateOf(to))}`;
}

/** "5 days · 3–7 Nov", or "None" without a streak. */
export function streakText(streak: Streak | null): string {
  if (!streak) return 'None';
  return `${daysText(streak.days)} · ${dayRange(streak.from, streak.to)}`;
}

/** "14:00" */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A month of a year in music ("2026-03") by its name: "March". */
export function monthName(month: string): string {
  return MONTH_LONG.format(dateOf(`${month.slice(0, 7)}-01`));
}

/** "Saturday, 14 June 2026" */
export function fullDate(day: string): string {
  return FULL_DATE.format(dateOf(day));
}

/** "30 Nov 1994": a release date. */
export function shortDate(day: string): string {
  return DAY_MONTH_YEAR.format(dateOf(day));
}

/** The day of a moment on the listener's clock: "3 Nov 2026" (a bare day is read as it is). */
export function dayOfMoment(moment: string, timeZone: string): string {
  if (moment.length === 10) return shortDate(moment);
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  try {
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone,
    }).format(date);
  } catch {
    // A zone this browser does not know: the day in UTC is the nearest.
    return DAY_MONTH_YEAR.format(date);
  }
}
