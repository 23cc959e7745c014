import { searchApi } from '@cadenza/contract/routes/catalogue';
import type { SearchAllResult } from '@cadenza/contract/catalogue';
import { call } from '@/lib/route-call';

/** GET /api/user/search/all?query=…: songs, albums and artists; never sent for a blank query. */
export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchAllResult> {
  return (await call(searchApi.all, { query: { query }, signal })).data;
}
