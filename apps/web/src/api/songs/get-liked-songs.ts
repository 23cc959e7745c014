import { songApi } from '@cadenza/contract/routes/songs';
import type { SongPage } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/songs/liked: the caller's liked songs, newest like first, a page at a time. */
export function getLikedSongs(cursor: string | undefined, signal?: AbortSignal): Promise<SongPage> {
  return call(songApi.liked, { query: pageQuery(cursor), signal });
}

export const likedSongsQueryOptions = cursorListOptions(songKeys.liked(), getLikedSongs);

export function useLikedSongs() {
  return useInfiniteQuery(likedSongsQueryOptions);
}
