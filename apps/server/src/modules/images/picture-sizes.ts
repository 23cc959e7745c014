import { MAX_COVER_IMAGE_PIXELS, MAX_COVER_IMAGE_SIDE } from '@cadenza/contract/covers';

/** Enough of a picture's first bytes to find its size in most files (JPEG keeps it after EXIF). */
export const PICTURE_HEADER_BYTES = 256 * 1024;

export interface PictureSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The size of a picture from its bytes (the whole file, or its first bytes): read from its
 * header alone, however many pixels it has; null when the bytes do not tell.
 */
export async function pictureSizeOf(bytes: Buffer): Promise<PictureSize | null> {
  try {
    const { default: sharp } = await import('sharp');
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Whether a cover of this size is refused: more pixels than a cover may have. */
export function hasTooManyPixels(size: PictureSize): boolean {
  return (
    size.width > MAX_COVER_IMAGE_SIDE ||
    size.height > MAX_COVER_IMAGE_SIDE ||
    size.width * size.height > MAX_COVER_IMAGE_PIXELS
  );
}
