import { useMemo } from 'react';
import { useIsLiked, type CatalogueLikeKind } from '@/api/catalogue/get-catalogue-marks';
import { useToggleCatalogueLike } from '@/api/catalogue/toggle-catalogue-like';
import { useToast } from '@/components/toast-context';
import type { LikeEntry } from './collection-menu-actions';
import { likeMessages } from './like-messages';

/**
 * The Like / Unlike entry of an album's or artist's menu. The menu closes as it is chosen, so a
 * toast says what happened, as a song menu's does.
 */
export function useLikeEntry(kind: CatalogueLikeKind, id: string): LikeEntry {
  const liked = useIsLiked(kind, id);
  const { mutate } = useToggleCatalogueLike(kind);
  const toast = useToast();
  return useMemo(
    () => ({
      liked,
      toggle: () =>
        mutate(id, {
          onSuccess: (on) => toast.success(likeMessages[kind][on ? 'liked' : 'unliked']),
          onError: () => toast.error(likeMessages[kind].failed),
        }),
    }),
    [liked, mutate, id, kind, toast],
  );
}
