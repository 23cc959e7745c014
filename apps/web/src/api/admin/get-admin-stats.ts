import type { AdminStats } from '@cadenza/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/admin/stats: total users, total songs, songs by genre. */
export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return (await apiClient.get<{ data: AdminStats }>('/admin/stats', { signal })).data;
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: statsKeys.admin(),
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
