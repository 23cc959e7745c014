import type { HistoryImport, HistorySource } from '@cadenza/contract/listening-history';
import { historyApi } from '@cadenza/contract/routes/listening-history';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { historyKeys } from './history-keys';

/** How often the page asks how far a running import got. */
export const IMPORT_POLL_MS = 1000;

/** POST /api/user/history/imports: sends the file; the import carries on on the server. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, file }: { source: HistorySource; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return (await call(historyApi.startImport, { query: { source }, body })).data;
    },
    onSuccess: (started) => {
      queryClient.setQueryData(historyKeys.import(started.id), started);
      void queryClient.invalidateQueries({ queryKey: historyKeys.imports() });
    },
  });
}

/** GET /api/user/history/imports/{id}, asked again every second while it runs. */
export function useImportProgress(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: historyKeys.import(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<HistoryImport> => {
      const progress = (await call(historyApi.importStatus, { params: { id: id ?? '' }, signal }))
        .data;
      if (progress.status !== 'running') {
        void queryClient.invalidateQueries({ queryKey: historyKeys.unmatched() });
        void queryClient.invalidateQueries({ queryKey: historyKeys.imports() });
      }
      return progress;
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });
}

/** GET /api/user/history/imports: the caller's latest imports. */
export function useHistoryImports() {
  return useQuery({
    queryKey: historyKeys.imports(),
    queryFn: async ({ signal }) => (await call(historyApi.imports, { signal })).data,
  });
}
