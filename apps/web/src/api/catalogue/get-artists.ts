import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import type { ArtistPage } from '@cadenza/contract/catalogue';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { cursorListOptions, pageQuery } from '@/lib/paged-list';

/** GET /api/user/artists: every artist, alphabetical by sort name, a page at a time. */
export function getArtists(cursor: string | undefined, signal?: AbortSignal): Promise<ArtistPage> {
  return call(catalogueApi.artists, { query: pageQuery(cursor), signal });
}

export const artistsQueryOptions = cursorListOptions(catalogueKeys.artistList(), getArtists);

export function useArtists() {
  return useInfiniteQuery(artistsQueryOptions);
}
