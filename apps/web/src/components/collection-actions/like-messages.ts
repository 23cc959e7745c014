import type { CatalogueLikeKind } from '@/api/catalogue/get-catalogue-marks';

/** The toasts of a like of an album or artist, as the songs' (docs/product.md §11.3). */
export const likeMessages: Record<
  CatalogueLikeKind,
  { liked: string; unliked: string; failed: string }
> = {
  album: {
    liked: 'Added to your Liked Albums',
    unliked: 'Removed from your Liked Albums',
    failed: 'Failed to update Liked Albums',
  },
  artist: {
    liked: 'Added to your Liked Artists',
    unliked: 'Removed from your Liked Artists',
    failed: 'Failed to update Liked Artists',
  },
};
