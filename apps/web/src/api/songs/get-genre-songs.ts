import { songApi } from '@cadenza/contract/routes/songs';
import type { Genre, SongPage } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/songs?genre=: one genre's songs, newest first, a page at a time. */
export function getGenreSongs(
  genre: Genre,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SongPage> {
  return call(songApi.list, { query: { ...pageQuery(cursor), genre }, signal });
}

export function genreSongsQueryOptions(genre: Genre) {
  return cursorListOptions(songKeys.genre(genre), (cursor, signal) =>
    getGenreSongs(genre, cursor, signal),
  );
}

export function useGenreSongs(genre: Genre | null) {
  return useInfiniteQuery({ ...genreSongsQueryOptions(genre ?? 'other'), enabled: genre !== null });
}
