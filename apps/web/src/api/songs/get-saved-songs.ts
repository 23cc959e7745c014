import type { SongPage } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { cursorListOptions, pageParams } from '@/lib/paged-list';

/** GET /api/user/songs/saved: the listener's saved songs, newest save first, a page at a time. */
export function getSavedSongs(cursor: string | undefined, signal?: AbortSignal): Promise<SongPage> {
  return apiClient.get<SongPage>(`/user/songs/saved?${pageParams(cursor)}`, { signal });
}

export const savedSongsQueryOptions = cursorListOptions(songKeys.saved(), getSavedSongs);

export function useSavedSongs() {
  return useInfiniteQuery(savedSongsQueryOptions);
}
