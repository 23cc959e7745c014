import { adminSongApi } from '@cadenza/contract/routes/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** DELETE /api/admin/songs/{id}: the song, its files and every reference to it. */
export function deleteSong(id: string): Promise<unknown> {
  return call(adminSongApi.remove, { params: { id } });
}

export function useDeleteSong() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSong, onSuccess: () => invalidateCatalogue(queryClient) });
}
