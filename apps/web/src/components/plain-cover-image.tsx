import { useCoverSource, type CoverSize, type DefaultImage } from './cover-source';

/**
 * CoverImage (cover-image.tsx) without MUI, for the landing page: a square cover filling its box,
 * the default image when there is none or it fails, loaded lazily, its box reserved.
 */
export function PlainCoverImage({
  src,
  alt,
  size,
  fallback = 'song',
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size: CoverSize;
  fallback?: DefaultImage;
  className?: string;
}) {
  const { url, onError } = useCoverSource(src, size, fallback);
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={onError}
      className={className}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '1 / 1',
        objectFit: 'cover',
        backgroundColor: 'var(--cz-hover)',
      }}
    />
  );
}
