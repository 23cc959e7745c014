import { adminSongApi } from '@cadenza/contract/routes/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** DELETE /api/admin/songs/demo: every song of the demo library at once; answers its message. */
export async function removeDemoSongs(): Promise<string> {
  return (await call(adminSongApi.removeDemo)).message;
}

export function useRemoveDemoSongs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDemoSongs,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
