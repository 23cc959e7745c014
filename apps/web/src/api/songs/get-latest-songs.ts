import { publicSongApi } from '@cadenza/contract/routes/songs';
import type { PublicSong } from '@cadenza/contract/songs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** docs/product.md §9: the landing shows the 8 newest songs. */
export const LATEST_SONGS_COUNT = 8;

/** The newest songs first (by createdAt), at most `count`. */
export function newestSongs(
  songs: readonly PublicSong[],
  count = LATEST_SONGS_COUNT,
): PublicSong[] {
  return [...songs]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, count);
}

/**
 * GET /api/general/songs, sorted by createdAt descending on the client, first 8. Visitors' songs
 * have no audio URL: playing one takes the listener's own copy (see LandingPage).
 */
export async function getLatestSongs(): Promise<PublicSong[]> {
  const answer = await call(publicSongApi.list);
  return newestSongs(answer.data);
}

export const latestSongsQueryOptions = queryOptions({
  queryKey: songKeys.latest(),
  queryFn: getLatestSongs,
});

export function useLatestSongs() {
  return useQuery(latestSongsQueryOptions);
}
