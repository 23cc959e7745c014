import type { QueryClient } from '@tanstack/react-query';
import { playlistsQueryOptions } from '@/api/playlists/get-playlists';
import { recentlyPlayedQueryOptions } from '@/api/songs/get-recently-played';
import { firstSongsQueryOptions } from '@/api/songs/get-songs';
import { preloadCovers } from '@/lib/preload-covers';

/** docs/product.md §9: Discover shows the 12 latest songs and the 6 most recently played. */
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
 * page, whose own queries report them. Once the latest songs arrive, the covers of Latest Songs
 * in view start downloading, as the page's first grid shows them (song cards' 300 px covers).
 */
export function prepareDiscover(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(discoverQueries.latest).then(() => {
    const latest = queryClient.getQueryData(discoverQueries.latest.queryKey);
    if (!latest) return;
    const covers = latest.slice(0, LATEST_SONGS_COUNT).map((song) => song.coverImage);
    preloadCovers({ covers, size: 300, fallback: 'song' });
  });
  void queryClient.prefetchQuery(discoverQueries.recent);
  void queryClient.prefetchQuery(discoverQueries.playlists);
}
