import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listenerKeys } from '@/lib/listener/query-keys';

interface PlaylistSong {
  playlistId: string;
  songId: string;
}

function playlistSongPath({ playlistId, songId }: PlaylistSong): string {
  return `/user/playlists/${encodeURIComponent(playlistId)}/songs/${encodeURIComponent(songId)}`;
}

/** PUT /api/user/playlists/:playlistId/songs/:songId */
export async function addSongToPlaylist(target: PlaylistSong): Promise<void> {
  await apiClient.put(playlistSongPath(target));
}

/** DELETE /api/user/playlists/:playlistId/songs/:songId */
export async function removeSongFromPlaylist(target: PlaylistSong): Promise<void> {
  await apiClient.delete(playlistSongPath(target));
}

function useInvalidatePlaylist() {
  const queryClient = useQueryClient();
  return (playlistId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listenerKeys.playlist(playlistId) }),
      queryClient.invalidateQueries({ queryKey: listenerKeys.playlists(), exact: true }),
    ]);
}

export function useAddSongToPlaylist() {
  const invalidate = useInvalidatePlaylist();
  return useMutation({
    mutationFn: addSongToPlaylist,
    onSuccess: (_, { playlistId }) => invalidate(playlistId),
  });
}

export function useRemoveSongFromPlaylist() {
  const invalidate = useInvalidatePlaylist();
  return useMutation({
    mutationFn: removeSongFromPlaylist,
    onSuccess: (_, { playlistId }) => invalidate(playlistId),
  });
}
