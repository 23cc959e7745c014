import { adminApi } from '@cadenza/contract/routes/admin';
import type { AdminStats } from '@cadenza/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/admin/stats: total users, total songs, songs by genre. */
export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return (await call(adminApi.stats, { signal })).data;
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: statsKeys.admin(),
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
