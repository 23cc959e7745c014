import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import type { ArtistDetail } from '@cadenza/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/**
 * GET /api/user/artists/:id: the artist, their releases by type, the albums they appear on and
 * their most played songs.
 */
export async function getArtist(id: string, signal?: AbortSignal): Promise<ArtistDetail> {
  return (await call(catalogueApi.artist, { params: { id }, signal })).data;
}

export function artistQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogueKeys.artist(id),
    queryFn: ({ signal }) => getArtist(id, signal),
  });
}

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
