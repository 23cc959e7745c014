import { songApi } from '@cadenza/contract/routes/songs';
import type { RecentlyPlayedEntry } from '@cadenza/contract/songs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/songs/recently-played: one entry per song, newest first. */
export async function getRecentlyPlayed(signal?: AbortSignal): Promise<RecentlyPlayedEntry[]> {
  const payload = await call(songApi.recentlyPlayed, { signal });
  return payload.data;
}

export const recentlyPlayedQueryOptions = queryOptions({
  queryKey: songKeys.recentlyPlayed(),
  queryFn: ({ signal }) => getRecentlyPlayed(signal),
});

export function useRecentlyPlayed() {
  return useQuery(recentlyPlayedQueryOptions);
}
