import { songApi } from '@cadenza/contract/routes/songs';
import type { Song, SongPage } from '@cadenza/contract/songs';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** Songs per request when a list loads as the user scrolls. */
export const SONG_PAGE_SIZE = 100;

/** GET /api/user/songs: newest first, a page at a time (`nextCursor` while there is more). */
export function getSongPage(
  { limit, cursor }: { limit: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<SongPage> {
  return call(songApi.list, { query: { limit, cursor }, signal });
}

/** The first `limit` songs: Discover's latest, the dashboard's popular, the player's demo. */
export function firstSongsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: songKeys.list({ limit, pages: 'first' }),
    queryFn: async ({ signal }): Promise<Song[]> => (await getSongPage({ limit }, signal)).data,
  });
}

export function useFirstSongs(limit: number, enabled = true) {
  return useQuery({ ...firstSongsQueryOptions(limit), enabled });
}

/** Every song, loaded a page at a time as the list scrolls. */
export function allSongsQueryOptions(pageSize = SONG_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: songKeys.list({ limit: pageSize, pages: 'all' }),
    queryFn: ({ pageParam, signal }) => getSongPage({ limit: pageSize, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAllSongs(enabled = true) {
  return useInfiniteQuery({ ...allSongsQueryOptions(), enabled });
}
