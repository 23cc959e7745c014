import type { OnThisDay } from '@cadenza/contract/listening-stats';
import { listeningStatsApi } from '@cadenza/contract/routes/listening-stats';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { listeningStatsKeys } from './listening-stats-keys';

/**
 * GET /api/user/on-this-day: the songs played on today's date in earlier years, and the albums
 * released on it.
 */
export function useOnThisDay() {
  return useQuery({
    queryKey: listeningStatsKeys.onThisDay(),
    queryFn: async ({ signal }): Promise<OnThisDay> =>
      (await call(listeningStatsApi.onThisDay, { signal })).data,
  });
}
