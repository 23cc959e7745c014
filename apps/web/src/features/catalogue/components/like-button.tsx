import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { useIsLiked, type CatalogueLikeKind } from '@/api/catalogue/get-catalogue-marks';
import { useToggleCatalogueLike } from '@/api/catalogue/toggle-catalogue-like';
import { likeMessages } from '@/components/collection-actions/like-messages';
import { useToast } from '@/components/toast-context';

/**
 * The heart of an album's or artist's page: it flips at once, and back with a toast when the
 * server refuses (as the player's heart does for a song).
 */
export function LikeButton({ kind, id }: { kind: CatalogueLikeKind; id: string }) {
  const liked = useIsLiked(kind, id);
  const toggle = useToggleCatalogueLike(kind);
  const toast = useToast();
  return (
    <IconButton
      aria-label={liked ? `Unlike ${kind}` : `Like ${kind}`}
      aria-pressed={liked}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(id, { onError: () => toast.error(likeMessages[kind].failed) })}
      sx={{ color: liked ? 'secondary.main' : 'text.secondary' }}
    >
      {liked ? <FavoriteIcon fontSize="large" /> : <FavoriteBorderIcon fontSize="large" />}
    </IconButton>
  );
}
