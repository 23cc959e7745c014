import { genreApi } from '@cadenza/contract/routes/genres';
import type { TagGenre } from '@cadenza/contract/tag-genres';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/genres/:id: one tag genre with its song and album counts. */
export async function getTagGenre(id: string, signal?: AbortSignal): Promise<TagGenre> {
  return (await call(genreApi.detail, { params: { id }, signal })).data;
}

export function tagGenreQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogueKeys.tagGenre(id),
    queryFn: ({ signal }) => getTagGenre(id, signal),
  });
}

export function useTagGenre(id: string) {
  return useQuery(tagGenreQueryOptions(id));
}
