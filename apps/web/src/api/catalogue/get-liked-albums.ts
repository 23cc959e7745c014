import type { AlbumPage } from '@cadenza/contract/catalogue';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/albums/liked: the albums the caller liked, newest like first, a page at a time. */
export function getLikedAlbums(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AlbumPage> {
  return call(catalogueApi.likedAlbums, { query: pageQuery(cursor), signal });
}

export const likedAlbumsQueryOptions = cursorListOptions(
  catalogueKeys.liked('album'),
  getLikedAlbums,
);

export function useLikedAlbums() {
  return useInfiniteQuery(likedAlbumsQueryOptions);
}
