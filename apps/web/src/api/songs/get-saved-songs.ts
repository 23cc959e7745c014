import { songApi } from '@cadenza/contract/routes/songs';
import type { SongPage } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/songs/saved: the listener's saved songs, newest save first, a page at a time. */
export function getSavedSongs(cursor: string | undefined, signal?: AbortSignal): Promise<SongPage> {
  return call(songApi.saved, { query: pageQuery(cursor), signal });
}

export const savedSongsQueryOptions = cursorListOptions(songKeys.saved(), getSavedSongs);

export function useSavedSongs() {
  return useInfiniteQuery(savedSongsQueryOptions);
}
