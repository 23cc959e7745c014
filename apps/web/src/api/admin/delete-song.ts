import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/admin/songs/{id}: the song, its files and every reference to it. */
export function deleteSong(id: string): Promise<unknown> {
  return apiClient.delete(`/admin/songs/${encodeURIComponent(id)}`);
}

export function useDeleteSong() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSong, onSuccess: () => invalidateCatalogue(queryClient) });
}
