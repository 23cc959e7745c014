import { adminPlaylistApi } from '@cadenza/contract/routes/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** DELETE /api/admin/playlists/{id} (its songs stay in the library). */
export function deleteAdminPlaylist(id: string): Promise<unknown> {
  return call(adminPlaylistApi.remove, { params: { id } });
}

export function useDeleteAdminPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminPlaylist,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
