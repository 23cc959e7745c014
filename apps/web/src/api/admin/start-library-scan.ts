import { libraryApi } from '@cadenza/contract/routes/admin';
import type { LibraryStatus } from '@cadenza/contract/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { libraryKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** POST /api/admin/library/scan: starts a scan of the library folders; answers its status. */
export async function startLibraryScan(): Promise<LibraryStatus> {
  return (await call(libraryApi.startScan)).data;
}

export function useStartLibraryScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startLibraryScan,
    // The answer is the status: show it at once, and polling follows while it runs.
    onSuccess: (status) => queryClient.setQueryData(libraryKeys.scan(), status),
  });
}
