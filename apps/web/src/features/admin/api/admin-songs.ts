import type { Song } from '@cadenza/contract/songs';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminKeys, invalidateLibrary } from './admin-keys';
import { adminListQueryOptions } from './admin-page';

export const adminSongsQueryOptions = adminListQueryOptions<Song>(
  adminKeys.songs(),
  '/admin/songs',
);

/** GET /api/admin/songs: the whole library, newest first. */
export function useAdminSongs(enabled = true) {
  return useInfiniteQuery({ ...adminSongsQueryOptions, enabled });
}

/** DELETE /api/admin/songs/{id}: the song, its files and every reference to it. */
export function deleteSong(id: string): Promise<unknown> {
  return apiClient.delete(`/admin/songs/${encodeURIComponent(id)}`);
}

export function useDeleteSong() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSong, onSuccess: () => invalidateLibrary(queryClient) });
}
