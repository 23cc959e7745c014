import type { Song } from '@cadenza/contract/songs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/songs/search?query=…: never called with a blank query (docs/product.md §5). */
export async function searchSongs(query: string, signal?: AbortSignal): Promise<Song[]> {
  const params = new URLSearchParams({ query });
  return (
    await apiClient.get<{ data: Song[] }>(`/user/songs/search?${params.toString()}`, { signal })
  ).data;
}

/** Runs once a search has been submitted; `null` means no search (nothing is sent). */
export function useSearchSongs(query: string | null) {
  return useQuery({
    queryKey: songKeys.search(query ?? ''),
    queryFn: ({ signal }) => searchSongs(query ?? '', signal),
    enabled: query !== null && query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
