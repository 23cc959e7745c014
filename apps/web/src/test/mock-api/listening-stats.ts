import type { Album, Artist } from '@cadenza/contract/catalogue';
import {
  STATS_QUEUE_SIZE,
  STATS_TOP_SIZE,
  YEAR_TOP_SIZE,
  type Discoveries,
  type ListeningStats,
  type ListeningYears,
  type OnThisDay,
  type StatsList,
  type StatsPeriod,
  type StatsTotals,
  type Streak,
  type TimeZoneSetting,
  type YearInMusic,
} from '@cadenza/contract/listening-stats';
import type { Song } from '@cadenza/contract/songs';
import type { SongGenre } from '@cadenza/contract/tag-genres';
import { store, type Play } from './store';

/**
 * A listener's statistics as the fake server counts them: straight from the store's plays, each
 * play worth its song's length, its day, hour and weekday read on the listener's clock.
 */

/** How many songs of each earlier year "On this day" shows. */
const ON_THIS_DAY_SONGS = 5;

/** A play as the listener's clock saw it. */
interface LocalPlay {
  play: Play;
  song: Song;
  /** YYYY-MM-DD */
  day: string;
  hour: number;
  /** 0 = Monday */
  weekday: number;
}

/** Something counted over plays: how often, and how many seconds of songs. */
interface Tally<T> {
  id: string;
  item: T;
  plays: number;
  seconds: number;
}

export function timeZoneOf(userId: string): TimeZoneSetting {
  return store.timeZones.get(userId) ?? { timeZone: 'UTC', chosen: false };
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

function clockOf(timeZone: string): (instant: Date) => { day: string; hour: number } {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  return (instant) => {
    const parts = new Map(format.formatToParts(instant).map((part) => [part.type, part.value]));
    const day = `${parts.get('year')}-${parts.get('month')}-${parts.get('day')}`;
    return { day, hour: Number(parts.get('hour')) % 24 };
  };
}

function todayIn(timeZone: string): string {
  return clockOf(timeZone)(new Date()).day;
}

function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

function boundsOf(period: StatsPeriod, at: string): { from: string | null; to: string | null } {
  const year = at.slice(0, 4);
  switch (period) {
    case 'all':
      return { from: null, to: null };
    case 'year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'month': {
      const from = `${at.slice(0, 7)}-01`;
      return { from, to: addDays(`${addDays(from, 31).slice(0, 7)}-01`, -1) };
    }
    case 'week': {
      const from = addDays(at, -weekdayOf(at));
      return { from, to: addDays(from, 6) };
    }
  }
}

/** The listener's plays of songs still in the library, oldest first, on their clock. */
function playsOf(userId: string, timeZone: string): LocalPlay[] {
  const clock = clockOf(timeZone);
  return store.plays
    .filter((play) => play.userId === userId)
    .sort((a, b) => a.playedAt.localeCompare(b.playedAt))
    .flatMap((play) => {
      const song = store.songs.find((candidate) => candidate._id === play.songId);
      if (!song) return [];
      const { day, hour } = clock(new Date(play.playedAt));
      return [{ play, song, day, hour, weekday: weekdayOf(day) }];
    });
}

function mainArtistOf(song: Song): { _id: string; name: string } {
  return (
    song.artists.find((credit) => credit.role === 'main') ??
    song.artists[0] ?? { _id: `artist-${song.artist}`, name: song.artist }
  );
}

function artistOf(song: Song): Artist {
  const credit = mainArtistOf(song);
  const known = store.artists.find((artist) => artist._id === credit._id);
  if (known) return known;
  const songs = store.songs.filter((other) => mainArtistOf(other)._id === credit._id);
  return {
    _id: credit._id,
    name: credit.name,
    sortName: credit.name,
    albumCount: new Set(songs.flatMap((other) => other.albumId ?? [])).size,
    songCount: songs.length,
    imageUrl: song.coverImage,
  };
}

function albumOf(song: Song): Album | null {
  const known = store.albums.find((album) => album._id === song.albumId);
  if (known) return known;
  if (!song.albumId || !song.album) return null;
  const credit = mainArtistOf(song);
  return {
    _id: song.albumId,
    title: song.album,
    artist: { _id: credit._id, name: credit.name },
    year: song.releaseYear,
    genres: song.genres,
    coverImage: song.coverImage,
    discCount: 1,
    songCount: store.songs.filter((other) => other.albumId === song.albumId).length,
    playCount: 0,
    createdAt: song.createdAt,
    releaseTypes: [],
    isCompilation: false,
    releaseDate: null,
  };
}

/** What the plays count of each thing `itemsOf` finds in them, most played first. */
function rank<T>(
  plays: readonly LocalPlay[],
  itemsOf: (play: LocalPlay) => { id: string; item: T }[],
): Tally<T>[] {
  const tallies = new Map<string, Tally<T>>();
  for (const play of plays) {
    for (const { id, item } of itemsOf(play)) {
      const tally = tallies.get(id) ?? { id, item, plays: 0, seconds: 0 };
      tally.plays += 1;
      tally.seconds += play.song.duration;
      tallies.set(id, tally);
    }
  }
  return [...tallies.values()].sort((a, b) => b.plays - a.plays || b.seconds - a.seconds);
}

const bySong = (play: LocalPlay) => [{ id: play.song._id, item: play.song }];
const byArtist = (play: LocalPlay) => [{ id: mainArtistOf(play.song)._id, item: play.song }];
const byAlbum = (play: LocalPlay) => {
  const album = albumOf(play.song);
  return album ? [{ id: album._id, item: album }] : [];
};
const byGenre = (play: LocalPlay): { id: string; item: SongGenre }[] =>
  play.song.genres.map((genre) => ({ id: genre._id, item: genre }));

function listened<T>({ plays, seconds }: Tally<T>) {
  return { plays, seconds };
}

function totalsOf(plays: readonly LocalPlay[]): StatsTotals {
  return {
    plays: plays.length,
    seconds: plays.reduce((sum, play) => sum + play.song.duration, 0),
    days: new Set(plays.map((play) => play.day)).size,
    songs: new Set(plays.map((play) => play.song._id)).size,
    artists: new Set(plays.map((play) => mainArtistOf(play.song)._id)).size,
  };
}

/** The runs of days in a row among these days (sorted, each once). */
function runsOf(days: readonly string[]): Streak[] {
  const runs: Streak[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day) {
      last.to = day;
      last.days += 1;
    } else runs.push({ days: 1, from: day, to: day });
  }
  return runs;
}

function daysOf(plays: readonly LocalPlay[]): string[] {
  return [...new Set(plays.map((play) => play.day))].sort();
}

function longestStreakOf(plays: readonly LocalPlay[]): Streak | null {
  return runsOf(daysOf(plays)).reduce<Streak | null>(
    (best, run) => (best === null || run.days > best.days ? run : best),
    null,
  );
}

function discoveriesOf(
  all: readonly LocalPlay[],
  inPeriod: readonly LocalPlay[],
  within: (day: string) => boolean,
  size: number,
): Discoveries {
  const firstOfArtist = new Map<string, LocalPlay>();
  const firstOfSong = new Map<string, LocalPlay>();
  for (const play of all) {
    const artistId = mainArtistOf(play.song)._id;
    if (!firstOfArtist.has(artistId)) firstOfArtist.set(artistId, play);
    if (!firstOfSong.has(play.song._id)) firstOfSong.set(play.song._id, play);
  }
  const discovered = new Set(
    [...firstOfArtist].filter(([, first]) => within(first.day)).map(([id]) => id),
  );
  const artists = rank(
    inPeriod.filter((play) => discovered.has(mainArtistOf(play.song)._id)),
    byArtist,
  );
  return {
    artistCount: discovered.size,
    songCount: [...firstOfSong.values()].filter((first) => within(first.day)).length,
    artists: artists.slice(0, size).map((tally) => ({
      artist: artistOf(tally.item),
      ...listened(tally),
      firstPlayed: firstOfArtist.get(tally.id)?.day ?? '',
    })),
  };
}

/** The top lists, discoveries and totals a period and a year have alike. */
function summaryOf(
  all: readonly LocalPlay[],
  plays: readonly LocalPlay[],
  within: (day: string) => boolean,
  size: number,
) {
  return {
    totals: totalsOf(plays),
    topSongs: rank(plays, bySong)
      .slice(0, size)
      .map((tally) => ({ song: tally.item, ...listened(tally) })),
    topArtists: rank(plays, byArtist)
      .slice(0, size)
      .map((tally) => ({ artist: artistOf(tally.item), ...listened(tally) })),
    topAlbums: rank(plays, byAlbum)
      .slice(0, size)
      .map((tally) => ({ album: tally.item, ...listened(tally) })),
    topGenres: rank(plays, byGenre)
      .slice(0, size)
      .map((tally) => ({ genre: tally.item, ...listened(tally) })),
    discoveries: discoveriesOf(all, plays, within, size),
  };
}

function secondsBy(
  plays: readonly LocalPlay[],
  slots: number,
  slotOf: (play: LocalPlay) => number,
) {
  const seconds = Array.from({ length: slots }, () => 0);
  for (const play of plays)
    seconds[slotOf(play)] = (seconds[slotOf(play)] ?? 0) + play.song.duration;
  return seconds;
}

function periodOf(userId: string, period: StatsPeriod, at: string | undefined) {
  const { timeZone } = timeZoneOf(userId);
  const today = todayIn(timeZone);
  const { from, to } = boundsOf(period, at ?? today);
  const all = playsOf(userId, timeZone);
  const within = (day: string) => (from === null || day >= from) && (to === null || day <= to);
  return { timeZone, today, from, to, all, within, plays: all.filter((play) => within(play.day)) };
}

export function listeningStatsOf(
  userId: string,
  period: StatsPeriod,
  at: string | undefined,
): ListeningStats {
  const { timeZone, today, from, to, all, within, plays } = periodOf(userId, period, at);
  const days = daysOf(all);
  const current = runsOf(days).find((run) => run.to === today || run.to === addDays(today, -1));
  return {
    period,
    from,
    to,
    previousAt: from === null ? null : (days.filter((day) => day < from).at(-1) ?? null),
    nextAt: to === null ? null : (days.find((day) => day > to) ?? null),
    timeZone,
    ...summaryOf(all, plays, within, STATS_TOP_SIZE),
    byHour: secondsBy(plays, 24, (play) => play.hour),
    byWeekday: secondsBy(plays, 7, (play) => play.weekday),
    longestStreak: longestStreakOf(plays),
    currentStreak: current ?? null,
  };
}

/** A list of a period as songs to play: its entries in order, each one's songs most played first. */
export function statsQueueOf(
  userId: string,
  period: StatsPeriod,
  at: string | undefined,
  list: StatsList,
): Song[] {
  const { all, within, plays } = periodOf(userId, period, at);
  const keysOf: Record<Exclude<StatsList, 'discoveries'>, (song: Song) => string[]> = {
    songs: (song) => [song._id],
    artists: (song) => [mainArtistOf(song)._id],
    albums: (song) => {
      const album = albumOf(song);
      return album ? [album._id] : [];
    },
    genres: (song) => song.genres.map((genre) => genre._id),
  };
  const songs = rank(plays, bySong).map((tally) => tally.item);
  if (list === 'discoveries') {
    const discovered = new Set(
      discoveriesOf(all, plays, within, STATS_QUEUE_SIZE).artists.map((entry) => entry.artist._id),
    );
    return songs
      .filter((song) => discovered.has(mainArtistOf(song)._id))
      .slice(0, STATS_QUEUE_SIZE);
  }
  const keyOf = keysOf[list];
  const entries = rank(plays, (play) => keyOf(play.song).map((id) => ({ id, item: id })))
    .slice(0, STATS_TOP_SIZE)
    .map((tally) => tally.id);
  const ordered = entries.flatMap((id) => songs.filter((song) => keyOf(song).includes(id)));
  return [...new Map(ordered.map((song) => [song._id, song])).values()].slice(0, STATS_QUEUE_SIZE);
}

export function listeningYearsOf(userId: string): ListeningYears {
  const plays = playsOf(userId, timeZoneOf(userId).timeZone);
  const years = rank(plays, (play) => [{ id: play.day.slice(0, 4), item: play.day.slice(0, 4) }]);
  return {
    years: years
      .map((tally) => ({ year: Number(tally.id), ...listened(tally) }))
      .sort((a, b) => b.year - a.year),
  };
}

/** The slot with the most seconds, or null when none has any. */
function busiestSlot(seconds: readonly number[]): number | null {
  const most = Math.max(...seconds);
  return most > 0 ? seconds.indexOf(most) : null;
}

export function yearInMusicOf(userId: string, year: number): YearInMusic {
  const { timeZone } = timeZoneOf(userId);
  const all = playsOf(userId, timeZone);
  const within = (day: string) => day.startsWith(`${year}-`);
  const plays = all.filter((play) => within(play.day));
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = `${year}-${String(index + 1).padStart(2, '0')}`;
    const { plays: count, seconds } = totalsOf(plays.filter((play) => play.day.startsWith(month)));
    return { month, plays: count, seconds };
  });
  const busiest = rank(plays, (play) => [{ id: play.day, item: play.day }])[0];
  return {
    year,
    timeZone,
    ...summaryOf(all, plays, within, YEAR_TOP_SIZE),
    months,
    busiestDay: busiest ? { day: busiest.id, ...listened(busiest) } : null,
    favouriteHour: busiestSlot(secondsBy(plays, 24, (play) => play.hour)),
    favouriteWeekday: busiestSlot(secondsBy(plays, 7, (play) => play.weekday)),
    longestStreak: longestStreakOf(plays),
  };
}

export function onThisDayOf(userId: string): OnThisDay {
  const { timeZone } = timeZoneOf(userId);
  const day = todayIn(timeZone);
  const date = day.slice(5);
  const year = Number(day.slice(0, 4));
  const earlier = playsOf(userId, timeZone).filter(
    (play) => play.day.slice(5) === date && Number(play.day.slice(0, 4)) < year,
  );
  const years = [...new Set(earlier.map((play) => Number(play.day.slice(0, 4))))].sort(
    (a, b) => b - a,
  );
  return {
    day,
    played: years.map((played) => ({
      year: played,
      songs: rank(
        earlier.filter((play) => play.day.startsWith(`${played}-`)),
        bySong,
      )
        .slice(0, ON_THIS_DAY_SONGS)
        .map((tally) => tally.item),
    })),
    released: store.albums.filter(
      (album) =>
        album.releaseDate?.length === 10 &&
        album.releaseDate.slice(5) === date &&
        Number(album.releaseDate.slice(0, 4)) < year,
    ),
  };
}
