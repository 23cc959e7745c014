import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import type { AlbumDetail } from '@cadenza/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/albums/:id: one album with its tracks, by disc, then track number. */
export async function getAlbum(id: string, signal?: AbortSignal): Promise<AlbumDetail> {
  return (await call(catalogueApi.album, { params: { id }, signal })).data;
}

export function albumQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogueKeys.album(id),
    queryFn: ({ signal }) => getAlbum(id, signal),
  });
}

export function useAlbum(id: string) {
  return useQuery(albumQueryOptions(id));
}
