import type { CatalogueMarks } from '@cadenza/contract/catalogue';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import type { CatalogueLikeKind } from './get-catalogue-marks';

/** PUT /api/user/albums/:id/like or /api/user/artists/:id/like: whether it is now liked. */
export async function toggleCatalogueLike(kind: CatalogueLikeKind, id: string): Promise<boolean> {
  const answer =
    kind === 'album'
      ? await call(catalogueApi.toggleAlbumLike, { params: { id } })
      : await call(catalogueApi.toggleArtistLike, { params: { id } });
  return answer.liked;
}

/** The marks with `id` liked (first, as the newest) or not. */
function withLike(marks: CatalogueMarks, id: string, on: boolean): CatalogueMarks {
  const others = marks.liked.filter((liked) => liked !== id);
  return { liked: on ? [id, ...others] : others };
}

/** Whether the item was liked before the toggle; undefined when the marks were not loaded. */
interface OptimisticLike {
  readonly was: boolean | undefined;
}

/**
 * Likes or unlikes an album (or artist) by id: its heart flips at once in the cached marks, goes
 * back if the server refuses, and takes the server's answer when it comes. Only the liked list is
 * read again.
 */
export function useToggleCatalogueLike(kind: CatalogueLikeKind) {
  const queryClient = useQueryClient();
  const marksKey = catalogueKeys.likeMarks(kind);
  const setLike = (id: string, on: boolean) =>
    queryClient.setQueryData<CatalogueMarks>(marksKey, (marks) =>
      marks ? withLike(marks, id, on) : marks,
    );
  return useMutation<boolean, Error, string, OptimisticLike>({
    mutationFn: (id) => toggleCatalogueLike(kind, id),
    onMutate: async (id) => {
      // A read under way would otherwise overwrite the flip with what it read before.
      await queryClient.cancelQueries({ queryKey: marksKey });
      const was = queryClient.getQueryData<CatalogueMarks>(marksKey)?.liked.includes(id);
      if (was !== undefined) setLike(id, !was);
      return { was };
    },
    onError: (_error, id, context) => {
      if (context?.was !== undefined) setLike(id, context.was);
    },
    onSuccess: (on, id) => {
      setLike(id, on);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.liked(kind) });
    },
  });
}
