import { playlistApi } from '@cadenza/contract/routes/playlists';
import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import type { PlaylistSong } from './add-song-to-playlist';

export interface MovePlaylistSongInput extends PlaylistSong {
  /** The song's new 0-based index. */
  position: number;
}

/** PUT /api/user/playlists/:playlistId/songs/:songId/position: the playlist in its new order. */
export async function movePlaylistSong(input: MovePlaylistSongInput): Promise<PlaylistWithSongs> {
  const { playlistId, songId, position } = input;
  const params = { playlistId, songId };
  return (await call(playlistApi.moveSong, { params, body: { position } })).data;
}

/**
 * Moves a song at once on screen (the playlist's cached order changes first) and on the server;
 * a failure puts the order back as it was before the move and is the caller's to report.
 */
export function useMovePlaylistSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePlaylistSong,
    onMutate: async ({ playlistId, songId, position }) => {
      const key = playlistKeys.detail(playlistId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PlaylistWithSongs>(key);
      if (before) {
        const moved = before.songs.find((song) => song._id === songId);
        const rest = before.songs.filter((song) => song._id !== songId);
        if (moved) {
          const songs = [...rest.slice(0, position), moved, ...rest.slice(position)];
          queryClient.setQueryData<PlaylistWithSongs>(key, { ...before, songs });
        }
      }
      return { before };
    },
    onError: (_error, { playlistId }, context) => {
      if (context?.before)
        queryClient.setQueryData(playlistKeys.detail(playlistId), context.before);
    },
    onSuccess: (playlist, { playlistId }) => {
      queryClient.setQueryData(playlistKeys.detail(playlistId), playlist);
    },
  });
}
