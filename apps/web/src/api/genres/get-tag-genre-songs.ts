import { genreApi } from '@cadenza/contract/routes/genres';
import type { SongPage } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/genres/:id/songs: the genre's songs, newest added first, by page. */
export function getTagGenreSongs(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SongPage> {
  return call(genreApi.songs, { params: { id }, query: pageQuery(cursor), signal });
}

export function useTagGenreSongs(id: string) {
  return useInfiniteQuery(
    cursorListOptions(catalogueKeys.tagGenreItems(id, 'songs'), (cursor, signal) =>
      getTagGenreSongs(id, cursor, signal),
    ),
  );
}
