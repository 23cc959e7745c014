import type { ApiKey } from '@cadenza/contract/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/api-keys: the caller's keys for phone and desktop apps, oldest first. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await apiClient.get<{ data: ApiKey[] }>('/user/api-keys', { signal })).data;
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeyKeys.list(),
  queryFn: ({ signal }) => getApiKeys(signal),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}
