import { playlistApi } from '@cadenza/contract/routes/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export interface PlaylistSong {
  playlistId: string;
  songId: string;
}

/** PUT /api/user/playlists/:playlistId/songs/:songId */
export async function addSongToPlaylist(target: PlaylistSong): Promise<void> {
  await call(playlistApi.addSong, { params: target });
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
