import type { PageQuery, PageResponse } from '@cadenza/contract/paging';
import type { Route } from '@cadenza/contract/route';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { pageQuery } from '@/lib/paged-list';
import { call } from '@/lib/route-call';

/** Rows per request in the admin lists (the server's largest page). */
export const ADMIN_PAGE_SIZE = 100;

export type AdminPage<T> = PageResponse<T>;

/** An admin list: a GET of pages, newest first, that reads at least `limit` and `cursor`. */
export type AdminListRoute<T> = Route<
  'GET',
  string,
  { readonly query: Partial<Record<keyof PageQuery, unknown>>; readonly response: AdminPage<T> }
>;

/** One page of an admin list (`limit` and `cursor`, newest first). */
export function getAdminPage<T>(
  route: AdminListRoute<T>,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminPage<T>> {
  return call(route, { query: pageQuery(cursor, ADMIN_PAGE_SIZE), signal });
}

/** A whole admin list, a page at a time (the screen offers "Load more" while there is more). */
export function adminListQueryOptions<T>(queryKey: QueryKey, route: AdminListRoute<T>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getAdminPage(route, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The rows of every page loaded so far. */
export function rowsOf<T>(pages: readonly AdminPage<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.data) ?? [];
}
