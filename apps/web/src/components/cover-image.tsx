import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCoverSource, type CoverSize, type DefaultImage } from './cover-source';

export {
  coverUrl,
  defaultImageUrl,
  sizedCoverUrl,
  type CoverSize,
  type DefaultImage,
} from './cover-source';

/**
 * How a cover loads: lazily by default; `eager` for the covers in view when the page opens, and
 * `priority` (eager, fetched first) for the page's largest cover, painted first.
 */
export interface CoverLoad {
  eager?: boolean;
  priority?: boolean;
}

/**
 * A square cover that falls back to the default image when the URL is missing or fails to load,
 * so a broken image never shows. It asks for the copy that suits its `size` and reserves its box
 * before the picture arrives (nothing moves when it does). It loads as `CoverLoad` says.
 */
export function CoverImage({
  src,
  alt,
  size,
  fallback = 'song',
  sx,
  eager = false,
  priority = false,
}: CoverLoad & {
  src: string | null | undefined;
  alt: string;
  size: CoverSize;
  fallback?: DefaultImage;
  sx?: SxProps<Theme>;
}) {
  const { url, onError } = useCoverSource(src, size, fallback);

  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={onError}
      sx={[
        {
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: '1 / 1',
          objectFit: 'cover',
          bgcolor: 'action.hover',
        },
        // MUI: a caller's sx may be one style or a list of them.
        ...((Array.isArray(sx) ? sx : [sx]) as Extract<SxProps<Theme>, readonly unknown[]>),
      ]}
    />
  );
}
