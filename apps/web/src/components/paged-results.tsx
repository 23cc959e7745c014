import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { CursorPage } from '@/lib/paged-list';
import { LoadError } from './load-error';
import { LoadMore } from './load-more';

export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<CursorPage<T>>>;

/** Every item of the pages loaded so far, in order. */
export function usePagedItems<T>(query: PagedQuery<T>): T[] {
  const pages = query.data?.pages;
  return useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages]);
}

/** Asks for the next page unless one is on its way or there is none. */
export function useLoadNextPage<T>(query: PagedQuery<T>): () => void {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  return useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
}

/**
 * The states of a cursor-paged list: its skeleton while the first page loads, an error panel
 * with Retry when that fails, the empty text when there is nothing, else the items with what
 * loads the next page (`loadMore={false}` when the list asks for it itself) and Retry when a
 * next page failed.
 */
export function PagedResults<T>({
  query,
  skeleton,
  errorMessage,
  empty,
  loadMore = true,
  children,
}: {
  query: PagedQuery<T>;
  skeleton: ReactNode;
  errorMessage: string;
  empty: ReactNode;
  loadMore?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  const items = usePagedItems(query);
  const loadNextPage = useLoadNextPage(query);
  if (query.isPending) return skeleton;
  if (query.isLoadingError) {
    return (
      <LoadError
        message={errorMessage}
        retrying={query.isFetching}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      {query.isFetchNextPageError ? (
        <LoadError
          message={errorMessage}
          retrying={query.isFetchingNextPage}
          onRetry={() => query.fetchNextPage()}
        />
      ) : (
        loadMore && (
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={loadNextPage}
          />
        )
      )}
    </>
  );
}
