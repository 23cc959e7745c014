import { adminPlaylistApi } from '@cadenza/contract/routes/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/admin/playlists/{id}: one playlist with its songs, for the edit dialog. */
export function adminPlaylistQueryOptions(id: string) {
  return queryOptions({
    queryKey: playlistKeys.adminDetail(id),
    queryFn: async ({ signal }) =>
      (await call(adminPlaylistApi.detail, { params: { id }, signal })).data,
  });
}

export function useAdminPlaylist(id: string | null) {
  return useQuery({ ...adminPlaylistQueryOptions(id ?? ''), enabled: id !== null });
}
