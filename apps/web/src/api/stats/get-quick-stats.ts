import { generalApi } from '@cadenza/contract/routes/general';
import type { QuickStats } from '@cadenza/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export const EMPTY_QUICK_STATS: QuickStats = {
  stats: { users: 0, songs: 0 },
  popularGenres: [],
  recentUsers: [],
};

/**
 * GET /api/general/stats/quick. A failure, or an answer without success, is silent and reads as
 * zeros and empty lists (docs/product.md §7, §8).
 */
export async function getQuickStats(): Promise<QuickStats> {
  try {
    // Read field by field: an answer short of some parts still shows the others.
    const answer: { success?: boolean; data?: Partial<QuickStats> } = await call(
      generalApi.quickStats,
    );
    if (!answer?.success || !answer.data) return EMPTY_QUICK_STATS;
    return {
      stats: {
        users: answer.data.stats?.users ?? 0,
        songs: answer.data.stats?.songs ?? 0,
      },
      popularGenres: answer.data.popularGenres ?? [],
      recentUsers: answer.data.recentUsers ?? [],
    };
  } catch (error) {
    console.debug('Quick stats unavailable', error);
    return EMPTY_QUICK_STATS;
  }
}

export const quickStatsQueryOptions = queryOptions({
  queryKey: statsKeys.quick(),
  queryFn: getQuickStats,
});

export function useQuickStats() {
  return useQuery(quickStatsQueryOptions);
}
