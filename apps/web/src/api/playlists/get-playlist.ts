import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/playlists/:id: one playlist with its songs. */
export async function getPlaylist(id: string, signal?: AbortSignal): Promise<PlaylistWithSongs> {
  return (
    await apiClient.get<{ data: PlaylistWithSongs }>(`/user/playlists/${encodeURIComponent(id)}`, {
      signal,
    })
  ).data;
}

export function playlistQueryOptions(id: string) {
  return queryOptions({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => getPlaylist(id, signal),
  });
}

export function usePlaylist(id: string | null) {
  return useQuery({ ...playlistQueryOptions(id ?? ''), enabled: id !== null });
}
