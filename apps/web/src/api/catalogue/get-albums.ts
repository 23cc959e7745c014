import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import type { AlbumPage, AlbumSort } from '@cadenza/contract/catalogue';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/albums?sort=: every album in the order asked for, a page at a time. */
export function getAlbums(
  sort: AlbumSort,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AlbumPage> {
  return call(catalogueApi.albums, { query: { ...pageQuery(cursor), sort }, signal });
}

export function albumsQueryOptions(sort: AlbumSort) {
  return cursorListOptions(catalogueKeys.albumList(sort), (cursor, signal) =>
    getAlbums(sort, cursor, signal),
  );
}

export function useAlbums(sort: AlbumSort) {
  return useInfiniteQuery(albumsQueryOptions(sort));
}
