import { z } from 'zod';
import { albumSchema, artistSchema } from './catalogue';
import { songSchema } from './songs';
import { songGenreSchema } from './tag-genres';
import { plainText } from './validation';

/**
 * A listener's statistics, year in music and "On this day" (docs/product.md, "Your listening"),
 * all from counts kept up to date with each play. Days, hours and weekdays are the listener's
 * own: their time zone decides on which day a play fell.
 */

export const STATS_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** How many entries each top list of the statistics page holds. */
export const STATS_TOP_SIZE = 10;
/** How many entries each top list of a year in music holds. */
export const YEAR_TOP_SIZE = 5;
/** The most songs a statistics list plays as a queue. */
export const STATS_QUEUE_SIZE = 100;

/** A calendar day, `YYYY-MM-DD`. */
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dayMessage = 'at must be a day written YYYY-MM-DD';

export const localDayField = z
  .string({ error: dayMessage })
  .regex(DAY, dayMessage)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, dayMessage);

export const statsPeriodField = z.enum(STATS_PERIODS, {
  error: `period must be one of ${STATS_PERIODS.join(', ')}`,
});

/**
 * `GET /api/user/stats?period=&at=`: the week (Monday to Sunday), month or year holding the day
 * `at` (today, in the listener's time zone, when left out), or all time.
 */
export const statsQuerySchema = z.object({
  period: statsPeriodField.default('month'),
  at: localDayField.optional(),
});
export type StatsQuery = z.input<typeof statsQuerySchema>;

export const STATS_LISTS = ['songs', 'artists', 'albums', 'genres', 'discoveries'] as const;
export type StatsList = (typeof STATS_LISTS)[number];

/** `GET /api/user/stats/queue?period=&at=&list=`: a statistics list's songs, to play in order. */
export const statsQueueQuerySchema = statsQuerySchema.extend({
  list: z.enum(STATS_LISTS, { error: `list must be one of ${STATS_LISTS.join(', ')}` }),
});
export type StatsQueueQuery = z.input<typeof statsQueueQuerySchema>;

/** How much of a period went to one thing: plays, and seconds of those songs played. */
const listened = { plays: z.number().int(), seconds: z.number().int() };

export const topSongSchema = z.object({ song: songSchema, ...listened });
export const topArtistSchema = z.object({ artist: artistSchema, ...listened });
export const topAlbumSchema = z.object({ album: albumSchema, ...listened });
export const topGenreSchema = z.object({ genre: songGenreSchema, ...listened });
export type TopSong = z.infer<typeof topSongSchema>;
export type TopArtist = z.infer<typeof topArtistSchema>;
export type TopAlbum = z.infer<typeof topAlbumSchema>;
export type TopGenre = z.infer<typeof topGenreSchema>;

/** Days in a row with at least one play, first and last day included. */
export const streakSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type Streak = z.infer<typeof streakSchema>;

/** Artists first heard in the period (never before it), most played first. */
export const discoveriesSchema = z.object({
  artistCount: z.number().int(),
  songCount: z.number().int(),
  artists: z.array(topArtistSchema.extend({ firstPlayed: z.string() })),
});
export type Discoveries = z.infer<typeof discoveriesSchema>;

export const statsTotalsSchema = z.object({
  ...listened,
  /** Days with at least one play. */
  days: z.number().int(),
  /** Different songs and artists played. */
  songs: z.number().int(),
  artists: z.number().int(),
});
export type StatsTotals = z.infer<typeof statsTotalsSchema>;

export const listeningStatsSchema = z.object({
  period: statsPeriodField,
  /** The first and last day of the period; null for all time. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** A day in the periods before and after this one that hold plays; null when none does. */
  previousAt: z.string().nullable(),
  nextAt: z.string().nullable(),
  timeZone: z.string(),
  totals: statsTotalsSchema,
  topSongs: z.array(topSongSchema),
  topArtists: z.array(topArtistSchema),
  topAlbums: z.array(topAlbumSchema),
  topGenres: z.array(topGenreSchema),
  discoveries: discoveriesSchema,
  /** Seconds listened in each hour of the day, 0 to 23. */
  byHour: z.array(z.number().int()).length(24),
  /** Seconds listened on each weekday, Monday first. */
  byWeekday: z.array(z.number().int()).length(7),
  /** The longest run of days with plays inside the period. */
  longestStreak: streakSchema.nullable(),
  /** The run of days with plays that reaches today or yesterday, whatever the period. */
  currentStreak: streakSchema.nullable(),
});
export type ListeningStats = z.infer<typeof listeningStatsSchema>;

export const statsQueueSchema = z.object({ songs: z.array(songSchema) });
export type StatsQueue = z.infer<typeof statsQueueSchema>;

/** `GET /api/user/stats/years`: the years with plays, newest first. */
export const listeningYearsSchema = z.object({
  years: z.array(z.object({ year: z.number().int(), ...listened })),
});
export type ListeningYears = z.infer<typeof listeningYearsSchema>;

export const yearParamsSchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a year' })
    .int('year must be a year')
    .min(1970, 'year must be from 1970 to 9999')
    .max(9999, 'year must be from 1970 to 9999'),
});

/** `GET /api/user/stats/years/:year`: a year told as a recap. */
export const yearInMusicSchema = z.object({
  year: z.number().int(),
  timeZone: z.string(),
  totals: statsTotalsSchema,
  topSongs: z.array(topSongSchema),
  topArtists: z.array(topArtistSchema),
  topAlbums: z.array(topAlbumSchema),
  topGenres: z.array(topGenreSchema),
  discoveries: discoveriesSchema,
  /** January to December. */
  months: z.array(z.object({ month: z.string(), ...listened })).length(12),
  busiestDay: z.object({ day: z.string(), ...listened }).nullable(),
  /** The hour (0–23) and weekday (0 = Monday) with the most seconds; null without plays. */
  favouriteHour: z.number().int().nullable(),
  favouriteWeekday: z.number().int().nullable(),
  longestStreak: streakSchema.nullable(),
});
export type YearInMusic = z.infer<typeof yearInMusicSchema>;

/**
 * `GET /api/user/on-this-day`: today's date (in the listener's time zone) in earlier years: the
 * songs they played most on it, by year, newest year first; and albums released on it.
 */
export const onThisDaySchema = z.object({
  day: z.string(),
  played: z.array(z.object({ year: z.number().int(), songs: z.array(songSchema) })),
  released: z.array(albumSchema),
});
export type OnThisDay = z.infer<typeof onThisDaySchema>;

/** `PUT /api/user/time-zone`: the IANA time zone that decides the listener's days. */
const timeZoneMessage = 'timeZone must be a time zone such as Europe/Paris';
export const timeZoneBodySchema = z.object({
  timeZone: plainText('Time zone', { error: timeZoneMessage }).max(64, timeZoneMessage),
});
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;

/** The listener's time zone, and whether they (or their browser) ever set it. */
export const timeZoneSettingSchema = z.object({ timeZone: z.string(), chosen: z.boolean() });
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;
