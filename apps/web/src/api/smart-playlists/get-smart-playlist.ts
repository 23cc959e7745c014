import { smartPlaylistApi } from '@cadenza/contract/routes/smart-playlists';
import type { SmartPlaylistWithSongs } from '@cadenza/contract/smart-playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/smart-playlists/:id: a smart playlist's rules, sort and limit (and first songs). */
export async function getSmartPlaylist(
  id: string,
  signal?: AbortSignal,
): Promise<SmartPlaylistWithSongs> {
  return (await call(smartPlaylistApi.detail, { params: { id }, signal })).data;
}

export function smartPlaylistQueryOptions(id: string) {
  return queryOptions({
    queryKey: playlistKeys.smartDetail(id),
    queryFn: ({ signal }) => getSmartPlaylist(id, signal),
  });
}

/** Its criteria, read only when `id` is a smart playlist's (null otherwise). */
export function useSmartPlaylist(id: string | null) {
  return useQuery({ ...smartPlaylistQueryOptions(id ?? ''), enabled: id !== null });
}
