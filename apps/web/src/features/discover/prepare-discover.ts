import type { QueryClient } from '@tanstack/react-query';
import { playlistsQueryOptions } from '@/api/playlists/get-playlists';
import { recentlyPlayedQueryOptions } from '@/api/songs/get-recently-played';
import { firstSongsQueryOptions } from '@/api/songs/get-songs';

/** SPEC.md §9: Discover shows the 12 latest songs and the 6 most recently played. */
export const LATEST_SONGS_COUNT = 12;
export const RECENT_SONGS_COUNT = 6;

/** The queries Discover shows: the page reads them, and its preparation starts them early. */
export const discoverQueries = {
  latest: firstSongsQueryOptions(LATEST_SONGS_COUNT),
  recent: recentlyPlayedQueryOptions,
  playlists: playlistsQueryOptions,
};

/**
 * Starts Discover's data beside the page's chunk rather than after its first render, with the
 * options the page uses, so it finds them in `queryClient`'s cache. Failures are left to the
 * page, whose own queries report them.
 */
export function prepareDiscover(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(discoverQueries.latest);
  void queryClient.prefetchQuery(discoverQueries.recent);
  void queryClient.prefetchQuery(discoverQueries.playlists);
}
