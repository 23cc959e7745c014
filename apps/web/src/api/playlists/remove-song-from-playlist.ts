import { playlistApi } from '@cadenza/contract/routes/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import type { PlaylistSong } from './add-song-to-playlist';

/** DELETE /api/user/playlists/:playlistId/songs/:songId */
export async function removeSongFromPlaylist(target: PlaylistSong): Promise<void> {
  await call(playlistApi.removeSong, { params: target });
}

export function useRemoveSongFromPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSongFromPlaylist,
    onSuccess: (_, { playlistId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playlistKeys.detail(playlistId) }),
        queryClient.invalidateQueries({ queryKey: playlistKeys.lists() }),
      ]),
  });
}
