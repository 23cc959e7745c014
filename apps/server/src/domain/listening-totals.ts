/**
 * A listener's plays folded into the counts their statistics read (docs/product.md, "Your
 * listening"): per period (all time, a year, a month), how many plays and seconds went to the
 * whole period, each song, album, artist and tag genre, each day, each hour of the day and each
 * weekday. The listener's time zone decides the day, the hour and the weekday of a play.
 */

export const TOTAL_KINDS = [
  'total',
  'song',
  'album',
  'artist',
  'genre',
  'day',
  'hour',
  'weekday',
] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

/** The kinds a top list or a discovery is made of. */
export type ItemKind = 'song' | 'album' | 'artist' | 'genre';

/** The period every count is kept for: all time. */
export const ALL_TIME = 'all';

/** What a play of a song adds: its length, and what it is counted under. */
export interface ListenedSong {
  readonly id: string;
  readonly seconds: number;
  readonly albumId: string | null;
  readonly artistIds: readonly string[];
  readonly genreIds: readonly string[];
}

export interface TimedPlay {
  readonly songId: string;
  /** ISO-8601 in UTC. */
  readonly playedAt: string;
}

/** A play as the listener's clock saw it. */
export interface LocalMoment {
  /** `YYYY-MM-DD`. */
  readonly day: string;
  readonly hour: number;
  /** 0 = Monday … 6 = Sunday. */
  readonly weekday: number;
}

/** One count: plays and seconds under a period, a kind and an item. */
export interface TotalDelta {
  readonly period: string;
  readonly kind: TotalKind;
  readonly item: string;
  plays: number;
  seconds: number;
  /** The first day of these plays; kept for all time's songs, albums, artists and genres. */
  firstDay: string | null;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The IANA name of a time zone as this runtime spells it, or null when it knows none such. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function wallClock(utcMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(utcMs)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Day number of a `YYYY-MM-DD` (days since 1970-01-01). */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** The `YYYY-MM-DD` of a day number. */
export function dayOf(number: number): string {
  return new Date(number * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: string): number {
  return (dayNumber(day) + 3) % 7;
}

export function localMoment(playedAt: string, timeZone: string): LocalMoment {
  const clock = wallClock(Date.parse(playedAt), timeZone);
  const day = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
  return { day, hour: clock.hour, weekday: weekdayOf(day) };
}

/** The instant (ISO, UTC) the listener's clock reads midnight at the start of `day`. */
export function startOfLocalDay(day: string, timeZone: string): string {
  const local = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (utc: number) => {
    const c = wallClock(utc, timeZone);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - utc;
  };
  let utc = local - offsetAt(local);
  const second = local - offsetAt(utc);
  if (second !== utc) utc = second;
  return new Date(utc).toISOString();
}

/** The periods whose counts are kept: all time, the play's year and its month. */
export function keptPeriodsOf(day: string): string[] {
  return [ALL_TIME, `y${day.slice(0, 4)}`, `m${day.slice(0, 7)}`];
}

export function deltaKey(period: string, kind: string, item: string): string {
  return `${period}\u0000${kind}\u0000${item}`;
}

/**
 * The counts `plays` add, by key (`deltaKey`). A play of a song `songs` does not hold is left
 * out. `periodsOf` names the periods a play on a day counts in.
 */
export function foldPlays(
  plays: readonly TimedPlay[],
  songs: ReadonlyMap<string, ListenedSong>,
  timeZone: string,
  periodsOf: (day: string) => readonly string[] = keptPeriodsOf,
): Map<string, TotalDelta> {
  const totals = new Map<string, TotalDelta>();
  const add = (period: string, kind: TotalKind, item: string, seconds: number, day: string) => {
    const key = deltaKey(period, kind, item);
    const firstDay = period === ALL_TIME && isItemKind(kind) ? day : null;
    const seen = totals.get(key);
    if (!seen) {
      totals.set(key, { period, kind, item, plays: 1, seconds, firstDay });
      return;
    }
    seen.plays += 1;
    seen.seconds += seconds;
    if (firstDay !== null && (seen.firstDay === null || firstDay < seen.firstDay))
      seen.firstDay = firstDay;
  };
  for (const play of plays) {
    const song = songs.get(play.songId);
    if (!song) continue;
    const { day, hour, weekday } = localMoment(play.playedAt, timeZone);
    for (const period of periodsOf(day)) {
      const count = (kind: TotalKind, item: string) => add(period, kind, item, song.seconds, day);
      count('total', '');
      count('song', song.id);
      if (song.albumId !== null) count('album', song.albumId);
      for (const artistId of new Set(song.artistIds)) count('artist', artistId);
      for (const genreId of new Set(song.genreIds)) count('genre', genreId);
      count('day', day);
      count('hour', pad(hour));
      count('weekday', String(weekday));
    }
  }
  return totals;
}

export function isItemKind(kind: TotalKind): kind is ItemKind {
  return kind === 'song' || kind === 'album' || kind === 'artist' || kind === 'genre';
}

/** Days in a row with plays, first and last included. */
export interface StreakSpan {
  readonly days: number;
  readonly from: string;
  readonly to: string;
}

/** The longest run of consecutive days in `days` (sorted, distinct); the earliest on a tie. */
export function longestStreak(days: readonly string[]): StreakSpan | null {
  let best: StreakSpan | null = null;
  let start = 0;
  for (let i = 0; i < days.length; i++) {
    const current = days[i];
    const next = days[i + 1];
    if (current === undefined) break;
    if (next !== undefined && dayNumber(next) === dayNumber(current) + 1) continue;
    const from = days[start] ?? current;
    const length = i - start + 1;
    if (!best || length > best.days) best = { days: length, from, to: current };
    start = i + 1;
  }
  return best;
}

/**
 * The run of consecutive days that ends today or yesterday, from the newest days first (sorted
 * newest first, distinct); null when the newest play is older than yesterday.
 */
export function currentStreak(newestFirst: readonly string[], today: string): StreakSpan | null {
  const newest = newestFirst[0];
  if (newest === undefined) return null;
  const gap = dayNumber(today) - dayNumber(newest);
  if (gap < 0 || gap > 1) return null;
  let length = 1;
  while (
    length < newestFirst.length &&
    dayNumber(newestFirst[length] ?? '') === dayNumber(newest) - length
  )
    length += 1;
  return { days: length, from: newestFirst[length - 1] ?? newest, to: newest };
}

/** The first and last day of the week (Monday to Sunday), month or year holding `day`. */
export function periodBounds(
  period: 'week' | 'month' | 'year',
  day: string,
): { from: string; to: string } {
  if (period === 'week') {
    const monday = dayNumber(day) - weekdayOf(day);
    return { from: dayOf(monday), to: dayOf(monday + 6) };
  }
  const year = Number(day.slice(0, 4));
  if (period === 'year') return { from: `${pad(year, 4)}-01-01`, to: `${pad(year, 4)}-12-31` };
  const month = Number(day.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-${pad(last)}` };
}

/** The key the counts of a month or year are kept under. */
export function keptPeriodKey(period: 'month' | 'year', day: string): string {
  return period === 'year' ? `y${day.slice(0, 4)}` : `m${day.slice(0, 7)}`;
}
