import { searchApi } from '@cadenza/contract/routes/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/songs/search?query=…: never called with a blank query (docs/product.md §5). */
export async function searchSongs(query: string, signal?: AbortSignal): Promise<Song[]> {
  return (await call(searchApi.songs, { query: { query }, signal })).data;
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
