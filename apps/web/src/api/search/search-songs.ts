import type { Song } from '@cadenza/contract/songs';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/songs/search?query=…: never called with a blank query (docs/product.md §5). */
export async function searchSongs(query: string, signal?: AbortSignal): Promise<Song[]> {
  const params = new URLSearchParams({ query });
  return (
    await apiClient.get<{ data: Song[] }>(`/user/songs/search?${params.toString()}`, { signal })
  ).data;
}
