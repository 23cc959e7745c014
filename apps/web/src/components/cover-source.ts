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

/** The URL a cover with `src` asks for at `size` (the default image when there is none). */
export function coverUrl(
  src: string | null | undefined,
  size: CoverSize,
  fallback: DefaultImage,
): string {
  return src ? sizedCoverUrl(src, size) : defaultImageUrl(fallback);
}

/**
 * The URL a cover shows at `size`, falling back to the default image when `src` is missing or
 * fails to load (`onError`), so a broken image never shows.
 */
export function useCoverSource(
  src: string | null | undefined,
  size: CoverSize,
  fallback: DefaultImage,
): { url: string; onError: () => void } {
  const fallbackUrl = defaultImageUrl(fallback);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = coverUrl(src, size, fallback);
  const url = failed === wanted ? fallbackUrl : wanted;
  return {
    url,
    onError: () => {
      if (url !== fallbackUrl) setFailed(wanted);
    },
  };
}
