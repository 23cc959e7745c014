import type { SuccessResponse } from '../envelope';
import type {
  ListeningStats,
  ListeningYears,
  OnThisDay,
  StatsQuery,
  StatsQueue,
  StatsQueueQuery,
  TimeZoneBody,
  TimeZoneSetting,
  YearInMusic,
} from '../listening-stats';
import { defineRoute } from '../route';

/** The listener's statistics, years in music and "On this day" (docs/product.md). */
export const listeningStatsApi = {
  stats: defineRoute<{ query: StatsQuery; response: SuccessResponse<ListeningStats> }>()(
    'GET',
    '/api/user/stats',
  ),
  queue: defineRoute<{ query: StatsQueueQuery; response: SuccessResponse<StatsQueue> }>()(
    'GET',
    '/api/user/stats/queue',
  ),
  years: defineRoute<{ response: SuccessResponse<ListeningYears> }>()(
    'GET',
    '/api/user/stats/years',
  ),
  year: defineRoute<{ response: SuccessResponse<YearInMusic> }>()(
    'GET',
    '/api/user/stats/years/:year',
  ),
  onThisDay: defineRoute<{ response: SuccessResponse<OnThisDay> }>()(
    'GET',
    '/api/user/on-this-day',
  ),
  timeZone: defineRoute<{ response: SuccessResponse<TimeZoneSetting> }>()(
    'GET',
    '/api/user/time-zone',
  ),
  setTimeZone: defineRoute<{ body: TimeZoneBody; response: SuccessResponse<TimeZoneSetting> }>()(
    'PUT',
    '/api/user/time-zone',
  ),
} as const;
