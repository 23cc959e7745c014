import { genreApi } from '@cadenza/contract/routes/genres';
import type { TagGenre } from '@cadenza/contract/tag-genres';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/genres: every tag genre that has songs, by name, with its counts. */
export async function getTagGenres(signal?: AbortSignal): Promise<TagGenre[]> {
  return (await call(genreApi.list, { signal })).data.genres;
}

export function tagGenresQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.tagGenres(),
    queryFn: ({ signal }) => getTagGenres(signal),
  });
}

export function useTagGenres({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagGenresQueryOptions(), enabled });
}
