// The heavy listener of bench/listening.ts, added to a generated library: one account with years
// of plays in a listener's pattern (more in the evenings and at weekends, a set of favourites
// played again and again and slowly changed, whole albums in a row, new songs as they come), in
// a time zone of its own, and the songs it played most liked. Rows go in in bulk, and what the
// server keeps beside each play (`song_play_totals`, `last_plays`, `artist_plays`) is made from
// them in SQL as the generator makes it for its own plays (library-generator.ts).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../apps/server/src/db/database';
import { toIso, type Database } from '../../apps/server/src/db/schema';
import { bulkInsert } from './bulk-insert';
import { drawing, seededRandom, streamSeed, type Drawing } from './seeded-random';

/** A UUID no song has (songs' ids are UUIDv7): the bench listener's id. */
export const BENCH_LISTENER_ID = '00000000-0000-7000-8000-00000000be11';
const BENCH_LISTENER_EMAIL = 'listening-bench-listener@example.invalid';

export interface BenchListenerOptions {
  /** About this many plays (a day's count is rounded). */
  readonly plays: number;
  /** The first and last instant of the history, ms since the epoch. */
  readonly from: number;
  readonly to: number;
  /** IANA; decides the listener's days and hours. */
  readonly timeZone: string;
  readonly seed: number;
}

export interface BenchListener {
  readonly userId: string;
  readonly plays: number;
  /** Different songs played. */
  readonly songs: number;
  readonly likes: number;
}

const BULK_INSERT = {
  sqlite: { rowsPerTransaction: 200_000, postgresRowsPerStatement: 0 },
  postgres: { rowsPerTransaction: 50_000, postgresRowsPerStatement: 5_000 },
} as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FAVOURITES = 150;
/** Favourites replaced by newer songs each week. */
const FAVOURITES_CHANGED_WEEKLY = 3;
/** Songs most played, liked at the end. */
const LIKED = 2_000;

/** Relative share of a day's listening that starts in each hour, weekdays and weekends. */
const WEEKDAY_HOURS = [
  0.3, 0.15, 0.05, 0.02, 0.02, 0.05, 0.3, 0.8, 1.0, 0.6, 0.5, 0.5, 0.7, 0.6, 0.5, 0.5, 0.6, 0.9,
  1.4, 1.8, 2.0, 1.8, 1.3, 0.7,
];
const WEEKEND_HOURS = [
  0.6, 0.4, 0.2, 0.05, 0.02, 0.02, 0.05, 0.1, 0.3, 0.7, 1.0, 1.2, 1.2, 1.1, 1.1, 1.2, 1.3, 1.4, 1.5,
  1.7, 1.8, 1.7, 1.4, 1.0,
];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Minutes `timeZone` is ahead of UTC at `at`. */
function offsetMinutes(at: number, format: Intl.DateTimeFormat): number {
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((wall - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** One local day: where it starts in UTC and its weekday (0 = Monday). */
interface LocalDay {
  readonly start: number;
  readonly weekday: number;
  readonly month: number;
  readonly yearsIn: number;
}

function localDays(from: number, to: number, timeZone: string): LocalDay[] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const first = new Date(from + offsetMinutes(from, format) * 60_000);
  const days: LocalDay[] = [];
  for (let day = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate()); ;) {
    // The offset at the local noon: a day that changes clocks moves by an hour before 3 a.m.
    const start = day - offsetMinutes(day + 12 * HOUR, format) * 60_000;
    if (start >= to) return days;
    const date = new Date(day);
    days.push({
      start,
      weekday: (date.getUTCDay() + 6) % 7,
      month: date.getUTCMonth(),
      yearsIn: (day - from) / (365.25 * DAY),
    });
    day += DAY;
  }
}

/** How much of the history falls on a day: weekends more, winters more, a day off now and then. */
function dayWeight(day: LocalDay, draw: Drawing): number {
  if (draw.chance(0.06)) return 0;
  const weekday = day.weekday >= 5 ? 1.6 : day.weekday === 4 ? 1.2 : 1;
  const season = 1 + 0.15 * Math.cos((2 * Math.PI * day.month) / 12);
  const growth = 0.8 + 0.07 * day.yearsIn;
  return weekday * season * growth * (0.5 + draw.random());
}

/** Every play's time, in order: each day's share in sessions of songs one after another. */
function playTimes(options: BenchListenerOptions, draw: Drawing): Float64Array {
  const days = localDays(options.from, options.to, options.timeZone);
  const weights = days.map((day) => dayWeight(day, draw));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const times: number[] = [];
  for (const [index, day] of days.entries()) {
    let left = Math.round((options.plays * weights[index]!) / total);
    const hours = day.weekday >= 5 ? WEEKEND_HOURS : WEEKDAY_HOURS;
    while (left > 0) {
      const length = Math.min(left, draw.int(8, 40));
      let at = day.start + draw.weighted(HOURS, hours) * HOUR + draw.random() * HOUR;
      for (let play = 0; play < length; play += 1) {
        if (at < options.to) times.push(at);
        at += draw.int(150_000, 300_000);
      }
      left -= length;
    }
  }
  return Float64Array.from(times).sort();
}

/** How many of `times` (increasing) are at or before `at`. */
function countUpTo(times: Float64Array, at: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The song of each play, by its place among the songs in upload order (an album's tracks are
 * neighbours): half from the favourites (the first ones most), a quarter the next track of the
 * album playing, the rest new songs or any song there was.
 */
function playSongs(times: Float64Array, songAdded: Float64Array, draw: Drawing): Uint32Array {
  const songs = new Uint32Array(times.length);
  const availableAt = (at: number) => Math.max(1, countUpTo(songAdded, at));
  const anySong = (available: number) =>
    draw.chance(0.5)
      ? available - 1 - Math.floor(available * 0.1 * draw.random())
      : Math.floor(available * draw.random());
  const favourites = Array.from({ length: FAVOURITES }, () => anySong(availableAt(times[0]!)));
  let week = Math.floor(times[0]! / (7 * DAY));
  let previous = -1;
  for (let index = 0; index < times.length; index += 1) {
    const at = times[index]!;
    const available = availableAt(at);
    for (; week < Math.floor(at / (7 * DAY)); week += 1) {
      for (let change = 0; change < FAVOURITES_CHANGED_WEEKLY; change += 1) {
        // A new favourite comes in at the top; the others move down and the last one goes.
        favourites.pop();
        favourites.unshift(anySong(available));
      }
    }
    const kind = draw.random();
    let song: number;
    if (kind < 0.5) song = favourites[Math.floor(FAVOURITES * draw.random() ** 2)]!;
    else if (kind < 0.75 && previous >= 0 && previous + 1 < available) song = previous + 1;
    else song = anySong(available);
    songs[index] = song;
    previous = song;
  }
  return songs;
}

async function songsInUploadOrder(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('songs')
    .select(['id', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ids: rows.map((row) => row.id),
    added: Float64Array.from(rows, (row) => Date.parse(toIso(row.created_at))),
  };
}

/** Whether the schema has the listener's time zone yet (`users.time_zone`). */
async function hasTimeZoneColumn(db: Kysely<Database>): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return (
    tables
      .find((table) => table.name === 'users')
      ?.columns.some((column) => column.name === 'time_zone') ?? false
  );
}

/** Adds the listener with its plays, likes and the counts kept beside plays. */
export async function addBenchListener(
  db: Kysely<Database>,
  dialect: DialectName,
  options: BenchListenerOptions,
): Promise<BenchListener> {
  const draw = drawing(seededRandom(streamSeed(options.seed, 'bench-listener')));
  const catalogue = await songsInUploadOrder(db);
  const times = playTimes(options, draw);
  const songs = playSongs(times, catalogue.added, draw);
  const userId = BENCH_LISTENER_ID;
  const iso = (ms: number) => new Date(ms).toISOString();

  await sql`INSERT INTO users (id, name, email, password_hash, role, created_at)
    VALUES (${userId}, 'Bench Listener', ${BENCH_LISTENER_EMAIL}, 'not-used', 'user',
      ${iso(options.from - 30 * DAY)})`.execute(db);
  if (await hasTimeZoneColumn(db)) {
    await sql`UPDATE users SET time_zone = ${options.timeZone} WHERE id = ${userId}`.execute(db);
  }
  // In time order, so that the newest play of a song is also its highest id.
  await bulkInsert(
    db,
    dialect,
    'plays',
    (function* () {
      for (let index = 0; index < times.length; index += 1) {
        yield {
          user_id: userId,
          song_id: catalogue.ids[songs[index]!]!,
          played_at: iso(Math.max(times[index]!, catalogue.added[songs[index]!]!)),
        };
      }
    })(),
    BULK_INSERT[dialect],
  );

  // What recordPlay keeps beside each play, made as the generator makes it for its plays.
  await sql`
    INSERT INTO song_play_totals (song_id, play_count)
    SELECT song_id, count(*) FROM plays WHERE user_id = ${userId} GROUP BY song_id
    ON CONFLICT (song_id) DO UPDATE SET play_count = song_play_totals.play_count + excluded.play_count`.execute(
    db,
  );
  await sql`
    INSERT INTO last_plays (user_id, song_id, played_at, play_id, play_count)
    SELECT user_id, song_id, max(played_at), max(id), count(*) FROM plays
    WHERE user_id = ${userId} GROUP BY user_id, song_id`.execute(db);
  await sql`
    INSERT INTO artist_plays (user_id, artist_id, play_count, last_played_at)
    SELECT plays.user_id, song_artists.artist_id, count(*), max(plays.played_at)
    FROM plays
    JOIN song_artists ON song_artists.song_id = plays.song_id AND song_artists.role = 'main'
    WHERE plays.user_id = ${userId}
    GROUP BY plays.user_id, song_artists.artist_id`.execute(db);
  // The songs played most are liked, each on the day of its first play.
  await sql`
    INSERT INTO likes (user_id, song_id, created_at)
    SELECT user_id, song_id, min(played_at) FROM plays WHERE user_id = ${userId}
    GROUP BY user_id, song_id ORDER BY count(*) DESC, song_id LIMIT ${LIKED}`.execute(db);
  const liked = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, plays: times.length, songs: new Set(songs).size, likes: Number(liked.n) };
}
