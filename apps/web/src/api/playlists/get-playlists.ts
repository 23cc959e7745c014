import { playlistApi } from '@cadenza/contract/routes/playlists';
import { MAX_PAGE_SIZE } from '@cadenza/contract/limits';
import type { Playlist } from '@cadenza/contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { pageQuery } from '@/lib/paged-list';

/** Safety stop: a listener with more playlists than this sees the first ones only. */
const MAX_PLAYLIST_PAGES = 20;

/**
 * GET /api/user/playlists: the caller's own plus the default public ones (docs/product.md §10.1).
 * The list is paged; every page is read because the screens show all of them.
 */
export async function getPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  const playlists: Playlist[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PLAYLIST_PAGES; page += 1) {
    const payload = await call(playlistApi.list, {
      query: pageQuery(cursor, MAX_PAGE_SIZE),
      signal,
    });
    playlists.push(...payload.data);
    cursor = payload.nextCursor;
    if (!cursor) break;
  }
  return playlists;
}

export const playlistsQueryOptions = queryOptions({
  queryKey: playlistKeys.lists(),
  queryFn: ({ signal }) => getPlaylists(signal),
});

export function usePlaylists() {
  return useQuery(playlistsQueryOptions);
}
