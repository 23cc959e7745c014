import type {
  Discoveries,
  ListeningStats,
  OnThisDay,
  StatsTotals,
  YearInMusic,
} from '@cadenza/contract/listening-stats';
import type { MediaUrls } from '../delivery/media-urls';
import { presentAlbum, presentArtist } from '../catalogue/catalogue.presenter';
import { presentSong } from '../songs/songs.presenter';
import type {
  DiscoveriesRecord,
  ListeningStatsRecord,
  OnThisDayRecord,
  TopListsRecord,
  TotalsRecord,
  YearInMusicRecord,
} from './listening-stats-records';

function presentTotals(totals: TotalsRecord): StatsTotals {
  return { ...totals };
}

function presentTopLists(lists: TopListsRecord, urls: MediaUrls) {
  return {
    topSongs: lists.topSongs.map(({ value, plays, seconds }) => ({
      song: presentSong(value, urls),
      plays,
      seconds,
    })),
    topArtists: lists.topArtists.map(({ value, plays, seconds }) => ({
      artist: presentArtist(value, urls),
      plays,
      seconds,
    })),
    topAlbums: lists.topAlbums.map(({ value, plays, seconds }) => ({
      album: presentAlbum(value, urls),
      plays,
      seconds,
    })),
    topGenres: lists.topGenres.map(({ value, plays, seconds }) => ({
      genre: { _id: value.id, name: value.name },
      plays,
      seconds,
    })),
  };
}

function presentDiscoveries(discoveries: DiscoveriesRecord, urls: MediaUrls): Discoveries {
  return {
    artistCount: discoveries.artistCount,
    songCount: discoveries.songCount,
    artists: discoveries.artists.map(({ value, plays, seconds, firstPlayed }) => ({
      artist: presentArtist(value, urls),
      plays,
      seconds,
      firstPlayed,
    })),
  };
}

export function presentListeningStats(
  stats: ListeningStatsRecord,
  urls: MediaUrls,
): ListeningStats {
  return {
    period: stats.period,
    from: stats.from,
    to: stats.to,
    previousAt: stats.previousAt,
    nextAt: stats.nextAt,
    timeZone: stats.timeZone,
    totals: presentTotals(stats.totals),
    ...presentTopLists(stats, urls),
    discoveries: presentDiscoveries(stats.discoveries, urls),
    byHour: [...stats.byHour],
    byWeekday: [...stats.byWeekday],
    longestStreak: stats.longestStreak ? { ...stats.longestStreak } : null,
    currentStreak: stats.currentStreak ? { ...stats.currentStreak } : null,
  };
}

export function presentYearInMusic(year: YearInMusicRecord, urls: MediaUrls): YearInMusic {
  return {
    year: year.year,
    timeZone: year.timeZone,
    totals: presentTotals(year.totals),
    ...presentTopLists(year, urls),
    discoveries: presentDiscoveries(year.discoveries, urls),
    months: year.months.map((month) => ({ ...month })),
    busiestDay: year.busiestDay ? { ...year.busiestDay } : null,
    favouriteHour: year.favouriteHour,
    favouriteWeekday: year.favouriteWeekday,
    longestStreak: year.longestStreak ? { ...year.longestStreak } : null,
  };
}

export function presentOnThisDay(day: OnThisDayRecord, urls: MediaUrls): OnThisDay {
  return {
    day: day.day,
    played: day.played.map(({ year, songs }) => ({
      year,
      songs: songs.map((song) => presentSong(song, urls)),
    })),
    released: day.released.map((album) => presentAlbum(album, urls)),
  };
}
