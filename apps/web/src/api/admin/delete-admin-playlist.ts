import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/admin/playlists/{id} (its songs stay in the library). */
export function deleteAdminPlaylist(id: string): Promise<unknown> {
  return apiClient.delete(`/admin/playlists/${encodeURIComponent(id)}`);
}

export function useDeleteAdminPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminPlaylist,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
