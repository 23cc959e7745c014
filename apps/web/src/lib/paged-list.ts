import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** One page of a cursor-paged list (docs/architecture.md §5): `nextCursor` while there is more. */
export interface CursorPage<T> {
  data: T[];
  nextCursor?: string | undefined;
}

/** Items per request when a page of a long list loads as the listener scrolls. */
export const LIBRARY_PAGE_SIZE = 50;

/**
 * The infinite query of a cursor-paged list: `read` fetches one page (the cursor of the previous
 * one, or none for the first), and the next page follows while the server answers a cursor.
 */
export function cursorListOptions<T>(
  queryKey: QueryKey,
  read: (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: CursorPage<T>) => lastPage.nextCursor,
  });
}

/** The query of one page: `limit`, and the cursor when there is one. */
export function pageQuery(
  cursor: string | undefined,
  limit = LIBRARY_PAGE_SIZE,
): { limit: number; cursor?: string } {
  return cursor ? { limit, cursor } : { limit };
}
