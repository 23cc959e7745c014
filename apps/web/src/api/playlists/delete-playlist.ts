import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/user/playlists/:id */
export async function deletePlaylist(id: string): Promise<void> {
  await apiClient.delete(`/user/playlists/${encodeURIComponent(id)}`);
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
