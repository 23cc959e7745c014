import {
  STATS_QUEUE_SIZE,
  STATS_TOP_SIZE,
  YEAR_TOP_SIZE,
  type StatsList,
  type StatsPeriod,
} from '@cadenza/contract/listening-stats';
import {
  ALL_TIME,
  canonicalTimeZone,
  currentStreak,
  dayNumber,
  dayOf,
  foldPlays,
  keptPeriodKey,
  localMoment,
  longestStreak,
  periodBounds,
  startOfLocalDay,
  type ItemKind,
} from '../../domain/listening-totals';
import type { Transactor } from '../../db/transactor';
import { Invalid } from '../../errors';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { PlaysRepository } from '../songs/plays.repository';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type {
  DiscoveryCounts,
  ItemCount,
  Listened,
  ListeningStatsFigures,
  ListeningStatsRecord,
  NamedLists,
  OnThisDayRecord,
  TopCounts,
  TotalsRecord,
  YearInMusicFigures,
  YearInMusicRecord,
} from './listening-stats-records';
import type { ByteLruCache } from '../../storage/byte-lru-cache';
import type { ListeningStatsRepository } from './listening-stats.repository';
import type { KeptWhileUnchanged } from '../../kept-while-unchanged';
import type { KeptStats } from './kept-stats';
import { foldedCounts, keptCounts, type PeriodCounts } from './period-counts';

/** How far back the current streak is looked for. */
const STREAK_LOOKBACK = 1000;
/** Songs per earlier year, and albums, "On this day" shows. */
const ON_THIS_DAY_SONGS = 10;
const ON_THIS_DAY_ALBUMS = 12;
const WEEK = 'week';

export interface ListeningStatsDependencies {
  readonly stats: ListeningStatsRepository;
  readonly plays: Pick<PlaysRepository, 'listenedBetween'>;
  readonly songs: Pick<SongsService, 'findAll'>;
  readonly catalogue: Pick<CatalogueService, 'albumsById' | 'artistsById'>;
  /** A change of time zone and the counts built again in it, together. */
  readonly transact: Transactor<{ stats: ListeningStatsRepository; plays: PlaysRepository }>;
  readonly clock: () => Date;
  /** Pages kept until something they show changes; none: every page is read. */
  readonly kept?: KeptStats;
}

function byIds<T extends { id: string }>(ids: readonly string[], found: readonly T[]): T[] {
  const byId = new Map(found.map((value) => [value.id, value]));
  return ids.flatMap((id) => {
    const value = byId.get(id);
    return value ? [value] : [];
  });
}

function zip<T extends { id: string }>(
  counts: readonly ItemCount[],
  found: readonly T[],
): Listened<T>[] {
  const byId = new Map(found.map((value) => [value.id, value]));
  return counts.flatMap((count) => {
    const value = byId.get(count.item);
    return value ? [{ value, plays: count.plays, seconds: count.seconds }] : [];
  });
}

/** Seconds per item of a fixed list (hours `00`–`23`, weekdays `0`–`6`). */
function spread(counts: readonly ItemCount[], size: number): number[] {
  const seconds = new Array<number>(size).fill(0);
  for (const count of counts) {
    const index = Number(count.item);
    if (Number.isInteger(index) && index >= 0 && index < size) seconds[index] = count.seconds;
  }
  return seconds;
}

function busiest(seconds: readonly number[]): number | null {
  let best: number | null = null;
  seconds.forEach((value, index) => {
    if (value > 0 && (best === null || value > (seconds[best] ?? 0))) best = index;
  });
  return best;
}

/**
 * A listener's statistics (docs/product.md, "Your listening"): a week, month, year or all time;
 * a year in music; "On this day". Months, years and all time read counts kept with each play; a
 * week, which holds few plays, is folded from them.
 */
export class ListeningStatsService {
  constructor(private readonly d: ListeningStatsDependencies) {}

  async timeZone(userId: string): Promise<{ timeZone: string; chosen: boolean }> {
    const stored = await this.d.stats.timeZone(userId);
    return { timeZone: stored ?? 'UTC', chosen: stored !== null };
  }

  /** Sets the listener's time zone; their counts are built again in it, in one transaction. */
  async setTimeZone(userId: string, name: string): Promise<{ timeZone: string; chosen: boolean }> {
    const timeZone = canonicalTimeZone(name);
    if (timeZone === null) {
      const message = 'Unknown time zone: use a name such as Europe/Paris';
      throw new Invalid(message, [{ field: 'timeZone', code: 'invalid_input', message }]);
    }
    const current = await this.d.stats.timeZone(userId);
    if (current === timeZone) return { timeZone, chosen: true };
    await this.d.transact(async ({ stats, plays }) => {
      await stats.setTimeZone(userId, timeZone);
      await plays.rebuildTotals(userId);
    });
    return { timeZone, chosen: true };
  }

  private async today(userId: string): Promise<{ timeZone: string; today: string }> {
    const { timeZone } = await this.timeZone(userId);
    return { timeZone, today: localMoment(this.d.clock().toISOString(), timeZone).day };
  }

  /** The counts of the period holding `at`, and its first and last day (null for all time). */
  private async countsOf(
    userId: string,
    period: StatsPeriod,
    at: string,
    timeZone: string,
  ): Promise<{ counts: PeriodCounts; range: { from: string; to: string } | null }> {
    if (period === 'all')
      return { counts: keptCounts(this.d.stats, userId, ALL_TIME), range: null };
    const range = periodBounds(period, at);
    if (period !== 'week')
      return { counts: keptCounts(this.d.stats, userId, keptPeriodKey(period, at)), range };
    const { plays, songs } = await this.d.plays.listenedBetween(
      userId,
      startOfLocalDay(range.from, timeZone),
      startOfLocalDay(dayOf(dayNumber(range.to) + 1), timeZone),
    );
    const deltas = foldPlays(plays, songs, timeZone, () => [WEEK]);
    return { counts: foldedCounts(deltas, songs, WEEK), range };
  }

  private async totals(counts: PeriodCounts): Promise<TotalsRecord> {
    const [total, days, songs, artists] = await Promise.all([
      counts.total(),
      counts.count('day'),
      counts.count('song'),
      counts.count('artist'),
    ]);
    return { plays: total.plays, seconds: total.seconds, days, songs, artists };
  }

  private async topCounts(counts: PeriodCounts, size: number): Promise<TopCounts> {
    const [songs, artists, albums, genres] = await Promise.all([
      counts.top('song', size),
      counts.top('artist', size),
      counts.top('album', size),
      counts.top('genre', size),
    ]);
    return { songs, artists, albums, genres };
  }

  /**
   * The page the figures make: the lists they name, looked up (one lookup of each kind; an item
   * the catalogue no longer holds is left out).
   */
  private async named<F extends { top: TopCounts; discoveries: DiscoveryCounts }>({
    top,
    discoveries,
    ...rest
  }: F): Promise<Omit<F, 'top' | 'discoveries'> & NamedLists> {
    const ids = (list: readonly ItemCount[]) => list.map((count) => count.item);
    const [songRecords, artistRecords, albumRecords, genreNames] = await Promise.all([
      this.d.songs.findAll(ids(top.songs)),
      this.d.catalogue.artistsById([
        ...new Set([...ids(top.artists), ...ids(discoveries.artists)]),
      ]),
      this.d.catalogue.albumsById(ids(top.albums)),
      this.d.stats.genreNames(ids(top.genres)),
    ]);
    const firstDays = new Map(discoveries.artists.map((a) => [a.item, a.firstPlayed]));
    return {
      ...rest,
      topSongs: zip(top.songs, songRecords),
      topArtists: zip(top.artists, artistRecords),
      topAlbums: zip(top.albums, albumRecords),
      topGenres: zip(top.genres, genreNames),
      discoveries: {
        artistCount: discoveries.artistCount,
        songCount: discoveries.songCount,
        artists: zip(discoveries.artists, artistRecords).map((listened) => ({
          ...listened,
          firstPlayed: firstDays.get(listened.value.id) ?? '',
        })),
      },
    };
  }

  /**
   * Artists first heard in the period (all time: every artist), with their plays in it, most
   * played first; and how many artists and songs were new.
   */
  private async discoveries(
    userId: string,
    counts: PeriodCounts,
    range: { from: string; to: string } | null,
    size: number,
  ): Promise<DiscoveryCounts> {
    // All time: every artist and song was new once; the counts and the top artists say so.
    const [artists, songs] = range
      ? await Promise.all([
          this.d.stats.firstPlayed(userId, 'artist', range, size),
          this.d.stats.firstPlayed(userId, 'song', range, 0),
        ])
      : await Promise.all([
          this.d.stats.firstDaysOf(userId, 'artist', await counts.top('artist', size)),
          counts.count('song').then((count) => ({ count, items: [] })),
        ]);
    // All time's first days came with the artists' all-time counts: the period's own.
    const inPeriod = range
      ? await counts.of(
          'artist',
          artists.items.map((a) => a.item),
        )
      : artists.items;
    const firstDays = new Map(artists.items.map((a) => [a.item, a.firstDay]));
    const ranked = [...inPeriod].sort(
      (a, b) => b.plays - a.plays || b.seconds - a.seconds || (a.item < b.item ? 1 : -1),
    );
    return {
      artistCount: artists.count,
      songCount: songs.count,
      artists: ranked.map(({ item, plays, seconds }) => ({
        item,
        plays,
        seconds,
        firstPlayed: firstDays.get(item) ?? '',
      })),
    };
  }

  /**
   * A page of this listener's: kept whole in `pages` until the catalogue or the listener's plays
   * change, and its figures in `figures` until the plays change, so that a change to the
   * catalogue costs only `name`'s lookups. `parts` name all the page depends on besides the
   * catalogue and the listener's plays.
   */
  private async kept<F, V>(
    store: { pages?: KeptWhileUnchanged<V>; figures?: ByteLruCache<string, F> },
    userId: string,
    parts: readonly unknown[],
    read: () => Promise<F>,
    name: (figures: F) => Promise<V>,
  ): Promise<V> {
    if (!this.d.kept) return name(await read());
    const key = JSON.stringify([userId, await this.d.stats.playsStamp(userId), ...parts]);
    const { pages, figures } = store;
    const readPage = async () => {
      let found = figures?.get(key);
      if (found === undefined) {
        found = await read();
        figures?.set(key, found);
      }
      return name(found);
    };
    return pages?.usable() ? pages.get(key, readPage) : readPage();
  }

  async stats(userId: string, period: StatsPeriod, at?: string): Promise<ListeningStatsRecord> {
    const { timeZone, today } = await this.today(userId);
    const day = at ?? today;
    const kept = this.d.kept;
    return this.kept(
      // A week is folded from its plays with the songs' credits as they are now: the catalogue's.
      { pages: kept?.periods, figures: period === WEEK ? undefined : kept?.periodFigures },
      userId,
      [timeZone, today, period, day],
      () => this.readStats(userId, period, day, { timeZone, today }),
      (figures) => this.named(figures),
    );
  }

  private async readStats(
    userId: string,
    period: StatsPeriod,
    at: string,
    { timeZone, today }: { timeZone: string; today: string },
  ): Promise<ListeningStatsFigures> {
    const { counts, range } = await this.countsOf(userId, period, at, timeZone);
    const [totals, top, discoveries, hours, weekdays, days, newest, before, after] =
      await Promise.all([
        this.totals(counts),
        this.topCounts(counts, STATS_TOP_SIZE),
        this.discoveries(userId, counts, range, STATS_TOP_SIZE),
        counts.every('hour'),
        counts.every('weekday'),
        counts.every('day'),
        this.d.stats.newestDays(userId, STREAK_LOOKBACK),
        range ? this.d.stats.dayBeside(userId, range.from, 'before') : null,
        range ? this.d.stats.dayBeside(userId, range.to, 'after') : null,
      ]);
    return {
      period,
      from: range?.from ?? null,
      to: range?.to ?? null,
      previousAt: before,
      nextAt: after,
      timeZone,
      totals,
      top,
      discoveries,
      byHour: spread(hours, 24),
      byWeekday: spread(weekdays, 7),
      longestStreak: longestStreak(days.map((day) => day.item)),
      currentStreak: currentStreak(newest, today),
    };
  }

  /** The songs of one of the period's lists, in the order to play them. */
  async queue(
    userId: string,
    period: StatsPeriod,
    list: StatsList,
    at?: string,
  ): Promise<SongRecord[]> {
    const { timeZone, today } = await this.today(userId);
    const { counts, range } = await this.countsOf(userId, period, at ?? today, timeZone);
    let ids: string[];
    if (list === 'songs') ids = (await counts.top('song', STATS_QUEUE_SIZE)).map((c) => c.item);
    else if (list === 'discoveries') {
      const found = await this.d.stats.firstPlayed(userId, 'artist', range, STATS_TOP_SIZE);
      ids = await counts.songsAmong(
        'artist',
        found.items.map((c) => c.item),
        STATS_QUEUE_SIZE,
      );
    } else {
      const kind: ItemKind = list === 'artists' ? 'artist' : list === 'albums' ? 'album' : 'genre';
      const top = await counts.top(kind, STATS_TOP_SIZE);
      ids = await counts.songsAmong(
        kind,
        top.map((c) => c.item),
        STATS_QUEUE_SIZE,
      );
    }
    return this.d.songs.findAll(ids);
  }

  years(userId: string): Promise<{ year: number; plays: number; seconds: number }[]> {
    return this.d.stats.years(userId);
  }

  async year(userId: string, year: number): Promise<YearInMusicRecord> {
    const { timeZone } = await this.timeZone(userId);
    return this.kept(
      { pages: this.d.kept?.years, figures: this.d.kept?.yearFigures },
      userId,
      [timeZone, year],
      () => this.readYear(userId, year, timeZone),
      (figures) => this.named(figures),
    );
  }

  private async readYear(
    userId: string,
    year: number,
    timeZone: string,
  ): Promise<YearInMusicFigures> {
    const day = `${String(year).padStart(4, '0')}-01-01`;
    const counts = keptCounts(this.d.stats, userId, keptPeriodKey('year', day));
    const months = Array.from(
      { length: 12 },
      (_, i) => `${day.slice(0, 4)}-${String(i + 1).padStart(2, '0')}`,
    );
    const [totals, top, discoveries, hours, weekdays, days, monthTotals] = await Promise.all([
      this.totals(counts),
      this.topCounts(counts, YEAR_TOP_SIZE),
      this.discoveries(userId, counts, periodBounds('year', day), YEAR_TOP_SIZE),
      counts.every('hour'),
      counts.every('weekday'),
      counts.every('day'),
      this.d.stats.totalsOf(
        userId,
        months.map((month) => `m${month}`),
      ),
    ]);
    const busiestDay = [...days].sort(
      (a, b) => b.seconds - a.seconds || b.plays - a.plays || (a.item < b.item ? -1 : 1),
    )[0];
    return {
      year,
      timeZone,
      totals,
      top,
      discoveries,
      months: months.map((month) => {
        const total = monthTotals.get(`m${month}`);
        return { month, plays: total?.plays ?? 0, seconds: total?.seconds ?? 0 };
      }),
      busiestDay: busiestDay
        ? { day: busiestDay.item, plays: busiestDay.plays, seconds: busiestDay.seconds }
        : null,
      favouriteHour: busiest(spread(hours, 24)),
      favouriteWeekday: busiest(spread(weekdays, 7)),
      longestStreak: longestStreak(days.map((d) => d.item)),
    };
  }

  /**
   * Today's date in earlier years: the songs played most on it, for each earlier year with
   * plays (newest first), and albums released on it in an earlier year.
   */
  async onThisDay(userId: string): Promise<OnThisDayRecord> {
    const { timeZone, today } = await this.today(userId);
    return this.kept(
      { pages: this.d.kept?.onThisDay },
      userId,
      [timeZone, today],
      () => this.readOnThisDay(userId, timeZone, today),
      (page) => Promise.resolve(page),
    );
  }

  private async readOnThisDay(
    userId: string,
    timeZone: string,
    today: string,
  ): Promise<OnThisDayRecord> {
    const thisYear = Number(today.slice(0, 4));
    const monthDay = today.slice(5);
    const years = (await this.d.stats.years(userId))
      .map((y) => y.year)
      .filter((year) => year < thisYear);
    const played = await Promise.all(
      years.map(async (year) => {
        const day = `${String(year).padStart(4, '0')}-${monthDay}`;
        if (dayOf(dayNumber(day)) !== day) return { year, songs: [] }; // 29 February
        const ids = await this.d.stats.topSongsBetween(
          userId,
          startOfLocalDay(day, timeZone),
          startOfLocalDay(dayOf(dayNumber(day) + 1), timeZone),
          ON_THIS_DAY_SONGS,
        );
        return { year, songs: await this.d.songs.findAll(ids) };
      }),
    );
    const albumIds = await this.d.stats.albumsReleasedOn(monthDay, thisYear, ON_THIS_DAY_ALBUMS);
    return {
      day: today,
      played: played.filter((entry) => entry.songs.length > 0),
      released: byIds(albumIds, await this.d.catalogue.albumsById(albumIds)),
    };
  }
}
