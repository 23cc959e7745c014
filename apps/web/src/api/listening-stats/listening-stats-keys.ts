import type { StatsPeriod } from '@cadenza/contract/listening-stats';

/** The listener's statistics, years in music, "On this day" and the time zone behind their days. */
export const listeningStatsKeys = {
  all: ['listening-stats'] as const,
  /** GET /api/user/stats?period=&at= (no `at`: the period holding today) */
  period: (period: StatsPeriod, at: string | null) =>
    [...listeningStatsKeys.all, 'period', { period, at }] as const,
  /** GET /api/user/stats/years */
  years: () => [...listeningStatsKeys.all, 'years'] as const,
  /** GET /api/user/stats/years/{year} */
  year: (year: number) => [...listeningStatsKeys.all, 'year', year] as const,
  /** GET /api/user/on-this-day */
  onThisDay: () => [...listeningStatsKeys.all, 'on-this-day'] as const,
  /** GET /api/user/time-zone */
  timeZone: () => [...listeningStatsKeys.all, 'time-zone'] as const,
};
