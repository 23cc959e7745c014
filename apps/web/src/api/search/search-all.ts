import type { SearchAllResult } from '@cadenza/contract/catalogue';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/search/all?query=…: songs, albums and artists; never sent for a blank query. */
export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchAllResult> {
  const params = new URLSearchParams({ query });
  return (
    await apiClient.get<{ data: SearchAllResult }>(`/user/search/all?${params.toString()}`, {
      signal,
    })
  ).data;
}
