import type { QueryClient } from '@tanstack/react-query';
import { homeRowsQueryOptions } from '@/api/catalogue/get-home-rows';
import { playlistsQueryOptions } from '@/api/playlists/get-playlists';
import { profileQueryOptions } from '@/api/profile/get-profile';
import { recentlyPlayedQueryOptions } from '@/api/songs/get-recently-played';
import { songMarksQueryOptions } from '@/api/songs/get-song-marks';
import { allSongsQueryOptions } from '@/api/songs/get-songs';
import { tabOfSearch, tabViews } from './dashboard-tabs';
import { preloadHomeCovers } from './home-first-grid';

/**
 * Starts what the dashboard at `search` (its `?tab=`) shows first, beside the page's own chunk
 * rather than after its first render: the open tab's code and the data the page asks for, with
 * the same query options, so the page finds them in `queryClient`'s cache. Failures are left to
 * the page, whose own queries report them.
 */
export function prepareDashboard(queryClient: QueryClient, search: string): void {
  const tab = tabOfSearch(search);
  void tabViews[tab].preload().catch(() => undefined);
  void queryClient.prefetchQuery(profileQueryOptions);
  void queryClient.prefetchQuery(songMarksQueryOptions);
  const recent = queryClient.prefetchQuery(recentlyPlayedQueryOptions);
  void queryClient.prefetchQuery(playlistsQueryOptions);
  const songs = queryClient.prefetchInfiniteQuery(allSongsQueryOptions());
  if (tab !== 'Home') return;
  void queryClient.prefetchQuery(homeRowsQueryOptions);
  void Promise.all([recent, songs]).then(() =>
    preloadHomeCovers(
      queryClient.getQueryData(recentlyPlayedQueryOptions.queryKey)?.map((entry) => entry.song) ??
        [],
      queryClient.getQueryData(allSongsQueryOptions().queryKey)?.pages[0]?.data ?? [],
    ),
  );
}
