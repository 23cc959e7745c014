import type { RecentlyPlayedEntry } from '@cadenza/contract/songs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/songs/recently-played: one entry per song, newest first. */
export async function getRecentlyPlayed(signal?: AbortSignal): Promise<RecentlyPlayedEntry[]> {
  const payload = await apiClient.get<{ data: RecentlyPlayedEntry[] }>(
    '/user/songs/recently-played',
    { signal },
  );
  return payload.data;
}

export const recentlyPlayedQueryOptions = queryOptions({
  queryKey: songKeys.recentlyPlayed(),
  queryFn: ({ signal }) => getRecentlyPlayed(signal),
});

export function useRecentlyPlayed() {
  return useQuery(recentlyPlayedQueryOptions);
}
