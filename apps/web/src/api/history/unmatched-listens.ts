import type { UnmatchedListenPage } from '@cadenza/contract/listening-history';
import { historyApi } from '@cadenza/contract/routes/listening-history';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';
import { call } from '@/lib/route-call';
import { historyKeys } from './history-keys';

/** GET /api/user/history/unmatched: listens no song matched, newest first. */
export function getUnmatchedListens(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<UnmatchedListenPage> {
  return call(historyApi.unmatched, { query: pageQuery(cursor), signal });
}

export function useUnmatchedListens() {
  return useInfiniteQuery(cursorListOptions(historyKeys.unmatched(), getUnmatchedListens));
}

/** Matches a listen to a song (it becomes a play) or dismisses it. */
export function useResolveListen() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: historyKeys.all });
  const match = useMutation({
    mutationFn: ({ listenId, songId }: { listenId: string; songId: string }) =>
      call(historyApi.matchListen, { params: { id: listenId }, body: { songId } }),
    onSettled: settle,
  });
  const dismiss = useMutation({
    mutationFn: (listenId: string) => call(historyApi.dismissListen, { params: { id: listenId } }),
    onSettled: settle,
  });
  return { match, dismiss };
}
