import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

export type DefaultImage = 'song' | 'playlist' | 'cover';

/**
 * The sizes the server resizes covers to (`/media/images/…?size=`): 96 for list rows and
 * thumbnails, 300 for cards, 600 for the hero of a page (album, playlist, player).
 */
export type CoverSize = 96 | 300 | 600;

export function defaultImageUrl(kind: DefaultImage): string {
  return `/media/defaults/${kind}.jpg`;
}

/** A stored cover at `size` pixels a side; other URLs (defaults, local previews) as they are. */
export function sizedCoverUrl(url: string, size: CoverSize): string {
  if (!url.startsWith('/media/images/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}size=${size}`;
}

/**
 * A square cover that falls back to the default image when the URL is missing or fails to load,
 * so a broken image never shows. It asks for the copy that suits its `size` and reserves its box
 * before the picture arrives (nothing moves when it does). Covers load lazily, except the one
 * `priority` cover of a page: its largest, painted first.
 */
export function CoverImage({
  src,
  alt,
  size,
  fallback = 'song',
  sx,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  size: CoverSize;
  fallback?: DefaultImage;
  sx?: SxProps<Theme>;
  priority?: boolean;
}) {
  const fallbackUrl = defaultImageUrl(fallback);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src ? sizedCoverUrl(src, size) : fallbackUrl;
  const url = failed === wanted ? fallbackUrl : wanted;

  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => {
        if (url !== fallbackUrl) setFailed(wanted);
      }}
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
