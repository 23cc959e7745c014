import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/admin/playlists/{id}: one playlist with its songs, for the edit dialog. */
export function adminPlaylistQueryOptions(id: string) {
  return queryOptions({
    queryKey: playlistKeys.adminDetail(id),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: PlaylistWithSongs }>(
          `/admin/playlists/${encodeURIComponent(id)}`,
          { signal },
        )
      ).data,
  });
}

export function useAdminPlaylist(id: string | null) {
  return useQuery({ ...adminPlaylistQueryOptions(id ?? ''), enabled: id !== null });
}
