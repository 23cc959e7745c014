import type { SearchAllResult } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogueKeys, songKeys } from '@/api/query-keys';
import { searchAll } from '@/api/search/search-all';
import { searchSongs } from '@/api/search/search-songs';

/** What a search looks through: songs only, or songs, albums and artists at once. */
export type SearchScope = 'songs' | 'all';

interface SearchResults {
  songs: Song[];
  all: SearchAllResult;
}

interface Search<S extends SearchScope> {
  readonly key: (text: string) => readonly unknown[];
  readonly fetch: (text: string, signal?: AbortSignal) => Promise<SearchResults[S]>;
}

const SEARCHES: { [S in SearchScope]: Search<S> } = {
  songs: { key: songKeys.search, fetch: searchSongs },
  all: { key: catalogueKeys.search, fetch: searchAll },
};

/**
 * The results of a search once its text is submitted; `null` or a blank text sends nothing
 * (docs/product.md §5). The previous results stay shown while the next ones load.
 */
export function useSearch<S extends SearchScope>(scope: S, query: string | null) {
  const text = (query ?? '').trim();
  const search: Search<S> = SEARCHES[scope];
  return useQuery({
    queryKey: search.key(text),
    queryFn: ({ signal }) => search.fetch(text, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}
