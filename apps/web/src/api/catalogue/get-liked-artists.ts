import type { ArtistPage } from '@cadenza/contract/catalogue';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/artists/liked: the artists the caller liked, newest like first, a page at a time. */
export function getLikedArtists(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ArtistPage> {
  return call(catalogueApi.likedArtists, { query: pageQuery(cursor), signal });
}

export const likedArtistsQueryOptions = cursorListOptions(
  catalogueKeys.liked('artist'),
  getLikedArtists,
);

export function useLikedArtists() {
  return useInfiniteQuery(likedArtistsQueryOptions);
}
