import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Rows per request in the admin lists (the server's largest page). */
export const ADMIN_PAGE_SIZE = 100;

export interface AdminPage<T> {
  success: true;
  data: T[];
  nextCursor?: string;
}

/** One page of an admin list (`limit` and `cursor`, newest first). */
export function getAdminPage<T>(
  path: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminPage<T>> {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiClient.get<AdminPage<T>>(`${path}?${params.toString()}`, { signal });
}

/** A whole admin list, a page at a time (the screen offers "Load more" while there is more). */
export function adminListQueryOptions<T>(queryKey: QueryKey, path: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getAdminPage<T>(path, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The rows of every page loaded so far. */
export function rowsOf<T>(pages: readonly AdminPage<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.data) ?? [];
}
