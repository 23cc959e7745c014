import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

export interface PlaylistSong {
  playlistId: string;
  songId: string;
}

export function playlistSongPath({ playlistId, songId }: PlaylistSong): string {
  return `/user/playlists/${encodeURIComponent(playlistId)}/songs/${encodeURIComponent(songId)}`;
}

/** PUT /api/user/playlists/:playlistId/songs/:songId */
export async function addSongToPlaylist(target: PlaylistSong): Promise<void> {
  await apiClient.put(playlistSongPath(target));
}

export function useAddSongToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSongToPlaylist,
    onSuccess: (_, { playlistId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playlistKeys.detail(playlistId) }),
        queryClient.invalidateQueries({ queryKey: playlistKeys.lists() }),
      ]),
  });
}
