import { searchApi } from '@cadenza/contract/routes/catalogue';
import type { SearchAllResult } from '@cadenza/contract/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/search/all?query=…: songs, albums and artists; never sent for a blank query. */
export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchAllResult> {
  return (await call(searchApi.all, { query: { query }, signal })).data;
}

/** The results for `query`; the previous results stay shown while the next ones load. */
export function useSearchAll(query: string) {
  const text = query.trim();
  return useQuery({
    queryKey: catalogueKeys.search(text),
    queryFn: ({ signal }) => searchAll(text, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}
