import type { SongPage } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { cursorListOptions, pageParams } from '@/lib/paged-list';

/** GET /api/user/songs/liked: the caller's liked songs, newest like first, a page at a time. */
export function getLikedSongs(cursor: string | undefined, signal?: AbortSignal): Promise<SongPage> {
  return apiClient.get<SongPage>(`/user/songs/liked?${pageParams(cursor)}`, { signal });
}

export const likedSongsQueryOptions = cursorListOptions(songKeys.liked(), getLikedSongs);

export function useLikedSongs() {
  return useInfiniteQuery(likedSongsQueryOptions);
}
