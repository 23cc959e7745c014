import { playlistApi } from '@cadenza/contract/routes/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** DELETE /api/user/playlists/:id */
export async function deletePlaylist(id: string): Promise<void> {
  await call(playlistApi.remove, { params: { id } });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: playlistKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: playlistKeys.lists() });
    },
  });
}
