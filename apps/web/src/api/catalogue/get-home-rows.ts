import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import type { HomeRows } from '@cadenza/contract/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/home: the newest albums, the artists the caller plays most, each genre's row. */
export async function getHomeRows(signal?: AbortSignal): Promise<HomeRows> {
  return (await call(catalogueApi.home, { signal })).data;
}

export const homeRowsQueryOptions = queryOptions({
  queryKey: catalogueKeys.home(),
  queryFn: ({ signal }) => getHomeRows(signal),
});

export function useHomeRows() {
  return useQuery(homeRowsQueryOptions);
}
