import type { HistoryPage } from '@cadenza/contract/listening-history';
import { historyApi } from '@cadenza/contract/routes/listening-history';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';
import { call } from '@/lib/route-call';
import { historyKeys } from './history-keys';

/** GET /api/user/history: the caller's plays, newest first, optionally searched. */
export function getHistory(
  search: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const query = search ? { ...pageQuery(cursor), q: search } : pageQuery(cursor);
  return call(historyApi.list, { query, signal });
}

export function useHistory(search: string) {
  return useInfiniteQuery(
    cursorListOptions(historyKeys.plays(search), (cursor, signal) =>
      getHistory(search, cursor, signal),
    ),
  );
}

/** DELETE /api/user/history/{id}: the play goes, and the counts it was in with it. */
export function useRemovePlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playId: string) => call(historyApi.removePlay, { params: { id: playId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.all });
      await queryClient.invalidateQueries({ queryKey: songKeys.recentlyPlayed() });
    },
  });
}
