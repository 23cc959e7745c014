import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listenerKeys } from '@/lib/listener/query-keys';

/** GET /api/user/playlists/:id: one playlist with its songs. */
export async function getPlaylist(id: string, signal?: AbortSignal): Promise<PlaylistWithSongs> {
  return (
    await apiClient.get<{ data: PlaylistWithSongs }>(`/user/playlists/${encodeURIComponent(id)}`, {
      signal,
    })
  ).data;
}

export function usePlaylist(id: string | null) {
  return useQuery({
    queryKey: listenerKeys.playlist(id ?? ''),
    queryFn: ({ signal }) => getPlaylist(id ?? '', signal),
    enabled: id !== null,
  });
}
