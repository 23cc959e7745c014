import { playlistApi } from '@cadenza/contract/routes/playlists';
import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/playlists/:id: one playlist with its songs. */
export async function getPlaylist(id: string, signal?: AbortSignal): Promise<PlaylistWithSongs> {
  return (await call(playlistApi.detail, { params: { id }, signal })).data;
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
