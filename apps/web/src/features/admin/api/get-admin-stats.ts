import type { AdminStats } from '@cadenza/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/stats: total users, total songs, songs by genre. */
export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return (await apiClient.get<{ data: AdminStats }>('/admin/stats', { signal })).data;
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: adminKeys.stats(),
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
