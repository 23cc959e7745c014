import { genreApi } from '@cadenza/contract/routes/genres';
import type { AlbumPage } from '@cadenza/contract/catalogue';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/genres/:id/albums: the albums with a song of the genre, by title, by page. */
export function getTagGenreAlbums(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AlbumPage> {
  return call(genreApi.albums, { params: { id }, query: pageQuery(cursor), signal });
}

export function useTagGenreAlbums(id: string) {
  return useInfiniteQuery(
    cursorListOptions(catalogueKeys.tagGenreItems(id, 'albums'), (cursor, signal) =>
      getTagGenreAlbums(id, cursor, signal),
    ),
  );
}
