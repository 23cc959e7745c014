import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

export type DefaultImage = 'song' | 'playlist' | 'cover';

export function defaultImageUrl(kind: DefaultImage): string {
  return `/media/defaults/${kind}.jpg`;
}

/**
 * A cover that falls back to the default image when the URL is missing or fails to load, so a
 * broken image never shows.
 */
export function CoverImage({
  src,
  alt,
  fallback = 'song',
  sx,
  loading = 'lazy',
}: {
  src: string | null | undefined;
  alt: string;
  fallback?: DefaultImage;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
}) {
  const fallbackUrl = defaultImageUrl(fallback);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src || fallbackUrl;
  const url = failed === wanted ? fallbackUrl : wanted;

  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      loading={loading}
      decoding="async"
      draggable={false}
      onError={() => {
        if (url !== fallbackUrl) setFailed(wanted);
      }}
      sx={[
        {
          display: 'block',
          width: '100%',
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
