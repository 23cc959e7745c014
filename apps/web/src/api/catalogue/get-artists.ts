import type { ArtistPage } from '@cadenza/contract/catalogue';
import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import { cursorListOptions, pageParams } from '@/lib/paged-list';

/** GET /api/user/artists: every artist, alphabetical by sort name, a page at a time. */
export function getArtists(cursor: string | undefined, signal?: AbortSignal): Promise<ArtistPage> {
  return apiClient.get<ArtistPage>(`/user/artists?${pageParams(cursor)}`, { signal });
}

export const artistsQueryOptions = cursorListOptions(catalogueKeys.artistList(), getArtists);

export function useArtists() {
  return useInfiniteQuery(artistsQueryOptions);
}
