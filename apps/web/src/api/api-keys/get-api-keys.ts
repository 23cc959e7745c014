import { apiKeyApi } from '@cadenza/contract/routes/account';
import type { ApiKey } from '@cadenza/contract/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/api-keys: the caller's keys for phone and desktop apps, oldest first. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await call(apiKeyApi.list, { signal })).data;
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeyKeys.list(),
  queryFn: ({ signal }) => getApiKeys(signal),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}
