import { libraryApi } from '@cadenza/contract/routes/admin';
import type { LibraryStatus } from '@cadenza/contract/library';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { libraryKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** How often the status is asked again while a scan runs. */
export const SCAN_POLL_MS = 2000;

/** GET /api/admin/library/scan: the library folders and the running or last scan. */
export async function getLibraryScan(signal?: AbortSignal): Promise<LibraryStatus> {
  return (await call(libraryApi.scan, { signal })).data;
}

export const libraryScanQueryOptions = queryOptions({
  queryKey: libraryKeys.scan(),
  queryFn: ({ signal }) => getLibraryScan(signal),
  refetchInterval: (query) => (query.state.data?.running ? SCAN_POLL_MS : false),
});

export function useLibraryScan() {
  return useQuery(libraryScanQueryOptions);
}
