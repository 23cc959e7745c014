import type { CatalogueMarks } from '@cadenza/contract/catalogue';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogueKeys } from '@/api/query-keys';
import { useAuthStore } from '@/lib/auth-store';
import { call } from '@/lib/route-call';

/** What a listener likes besides songs. */
export type CatalogueLikeKind = 'album' | 'artist';

/** GET /api/user/albums/marks or /api/user/artists/marks: the ids of every liked one. */
export async function getCatalogueMarks(
  kind: CatalogueLikeKind,
  signal?: AbortSignal,
): Promise<CatalogueMarks> {
  const answer =
    kind === 'album'
      ? await call(catalogueApi.albumMarks, { signal })
      : await call(catalogueApi.artistMarks, { signal });
  return answer.data;
}

export function catalogueMarksQueryOptions(kind: CatalogueLikeKind) {
  return queryOptions({
    queryKey: catalogueKeys.likeMarks(kind),
    queryFn: ({ signal }) => getCatalogueMarks(kind, signal),
    // Every like here writes the server's answer into the cache, as the songs' marks do: only
    // likes made elsewhere (another device, a phone app's star) can be missing.
    staleTime: 5 * 60_000,
  });
}

/** The ids of the albums (or artists) the logged-in listener liked; none for a visitor. */
export function useCatalogueMarks(kind: CatalogueLikeKind) {
  const loggedIn = useAuthStore((state) => state.token !== null);
  return useQuery({ ...catalogueMarksQueryOptions(kind), enabled: loggedIn });
}

/**
 * Whether the listener liked one album (or artist). A card re-renders only when its own answer
 * changes, not on every like of a grid's other cards.
 */
export function useIsLiked(kind: CatalogueLikeKind, id: string): boolean {
  const loggedIn = useAuthStore((state) => state.token !== null);
  const select = useCallback((marks: CatalogueMarks) => marks.liked.includes(id), [id]);
  return useQuery({ ...catalogueMarksQueryOptions(kind), enabled: loggedIn, select }).data ?? false;
}
