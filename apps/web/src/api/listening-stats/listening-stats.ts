import type {
  ListeningStats,
  ListeningYears,
  StatsList,
  StatsPeriod,
  YearInMusic,
} from '@cadenza/contract/listening-stats';
import { listeningStatsApi } from '@cadenza/contract/routes/listening-stats';
import type { Song } from '@cadenza/contract/songs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { listeningStatsKeys } from './listening-stats-keys';

/**
 * GET /api/user/stats: a week, month or year (the one holding `at`, today without it) or all
 * time. The period shown stays while the next one loads, so moving between periods never
 * empties the page.
 */
export function useListeningStats(period: StatsPeriod, at: string | null) {
  return useQuery({
    queryKey: listeningStatsKeys.period(period, at),
    queryFn: async ({ signal }): Promise<ListeningStats> => {
      const query = at === null ? { period } : { period, at };
      return (await call(listeningStatsApi.stats, { query, signal })).data;
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/user/stats/queue: the songs of one list of a period, in the order to play them. */
export async function getStatsQueue(
  period: StatsPeriod,
  at: string | null,
  list: StatsList,
): Promise<Song[]> {
  const query = at === null ? { period, list } : { period, at, list };
  return (await call(listeningStatsApi.queue, { query })).data.songs;
}

/** GET /api/user/stats/years: the years with plays, newest first. */
export function useListeningYears() {
  return useQuery({
    queryKey: listeningStatsKeys.years(),
    queryFn: async ({ signal }): Promise<ListeningYears['years']> =>
      (await call(listeningStatsApi.years, { signal })).data.years,
  });
}

/** GET /api/user/stats/years/{year}: the year told as a recap. */
export function useYearInMusic(year: number) {
  return useQuery({
    queryKey: listeningStatsKeys.year(year),
    queryFn: async ({ signal }): Promise<YearInMusic> =>
      (await call(listeningStatsApi.year, { params: { year: String(year) }, signal })).data,
  });
}
