import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listenerKeys } from '@/lib/listener/query-keys';

/** DELETE /api/user/playlists/:id */
export async function deletePlaylist(id: string): Promise<void> {
  await apiClient.delete(`/user/playlists/${encodeURIComponent(id)}`);
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: listenerKeys.playlist(id) });
      return queryClient.invalidateQueries({ queryKey: listenerKeys.playlists(), exact: true });
    },
  });
}
