import { songApi } from '@cadenza/contract/routes/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** POST /api/user/songs/:id/play */
export async function recordPlay(songId: string): Promise<void> {
  await call(songApi.recordPlay, { params: { id: songId } });
}

/**
 * Records a play. The recently played list (Home, Discover and the dashboard's counter) refreshes
 * at once; a failure is only logged (docs/product.md §8, docs/product.md §10.9).
 */
export function useRecordPlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPlay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songKeys.recentlyPlayed() }),
    onError: (error) => console.debug('Could not record the play', error),
  });
}
