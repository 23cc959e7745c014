import { Readable } from 'node:stream';
import { MAX_COVER_IMAGE_PIXELS } from '@cadenza/contract/covers';
import type { ObjectHead, ObjectStore } from '../../storage/object-store';
import { pictureSizeOf } from './picture-sizes';

/** The sizes covers are shown at (docs/architecture.md §6): list rows, cards, and the heroes of a page. */
export const COVER_VARIANT_SIZES = [96, 300, 600] as const;
export type CoverVariantSize = (typeof COVER_VARIANT_SIZES)[number];
/** "96, 300 or 600". */
export const COVER_VARIANT_SIZES_TEXT = `${COVER_VARIANT_SIZES.slice(0, -1).join(', ')} or ${COVER_VARIANT_SIZES.at(-1)}`;

export function coverVariantSizeOf(value: string): CoverVariantSize | null {
  return COVER_VARIANT_SIZES.find((size) => String(size) === value) ?? null;
}

/** WebP for browsers that take it; otherwise a PNG stays PNG (transparency) and the rest JPEG. */
export type CoverVariantFormat = 'webp' | 'png' | 'jpg';
const FORMATS: readonly CoverVariantFormat[] = ['webp', 'png', 'jpg'];

export function coverVariantFormat(
  accept: string | undefined,
  originalType: string,
): CoverVariantFormat {
  if (accept?.toLowerCase().includes('image/webp')) return 'webp';
  return originalType === 'image/png' ? 'png' : 'jpg';
}

/** The most pixels a cover may have to be resized: as many as an upload may have. */
const MAX_INPUT_PIXELS = MAX_COVER_IMAGE_PIXELS;

/**
 * What answers a cover at a size: its resized copy; the original itself when it is no larger
 * than asked but cannot be resized; or nothing, for a picture that cannot be resized and is (or
 * may be) larger: the original is never sent in its place.
 */
export type CoverAtSize = 'variant' | 'original' | 'none';

const ORIGINAL_PREFIX = 'images/';
const VARIANT_PREFIX = 'image-variants/';

/** `images/<id>` at 300 px as WebP is kept at `image-variants/<id>/300.webp`. */
export function coverVariantKey(
  originalKey: string,
  size: CoverVariantSize,
  format: CoverVariantFormat,
): string {
  if (!originalKey.startsWith(ORIGINAL_PREFIX)) throw new Error(`Not a cover key: ${originalKey}`);
  return `${VARIANT_PREFIX}${originalKey.slice(ORIGINAL_PREFIX.length)}/${size}.${format}`;
}

/** The cover a variant key was made from (`images/<id>`); null for a key that is no variant. */
export function coverOfVariantKey(key: string): string | null {
  if (!key.startsWith(VARIANT_PREFIX)) return null;
  const rest = key.slice(VARIANT_PREFIX.length);
  const slash = rest.lastIndexOf('/');
  return slash > 0 ? `${ORIGINAL_PREFIX}${rest.slice(0, slash)}` : null;
}

/** Every variant key a cover may have, for removing them with it. */
export function coverVariantKeys(originalKey: string): string[] {
  return COVER_VARIANT_SIZES.flatMap((size) =>
    FORMATS.map((format) => coverVariantKey(originalKey, size, format)),
  );
}

async function resize(
  input: Buffer,
  size: CoverVariantSize,
  format: CoverVariantFormat,
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const resized = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true });
  if (format === 'webp') return resized.webp({ quality: 78 }).toBuffer();
  if (format === 'png') return resized.png({ compressionLevel: 9 }).toBuffer();
  return resized.flatten({ background: '#000000' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/**
 * Resized covers, made from the original on first request and kept in the object store beside
 * it: every later request (on any node sharing the store) reads the stored file. Requests for
 * one variant that arrive while it is being made wait for that one making; two nodes making it
 * at once write the same bytes, and a put replaces a key whole, so readers never see half.
 */
export class CoverVariants {
  private readonly making = new Map<string, Promise<CoverAtSize>>();

  constructor(private readonly store: ObjectStore) {}

  /** Makes sure the variant exists when it can be made, and says what answers the cover. */
  async ensure(
    originalKey: string,
    original: ObjectHead,
    size: CoverVariantSize,
    format: CoverVariantFormat,
  ): Promise<CoverAtSize> {
    const key = coverVariantKey(originalKey, size, format);
    if (await this.store.head(key)) return 'variant';
    let made = this.making.get(key);
    if (!made) {
      made = this.make(originalKey, original, key, size, format).finally(() =>
        this.making.delete(key),
      );
      this.making.set(key, made);
    }
    return made;
  }

  private async make(
    originalKey: string,
    original: ObjectHead,
    key: string,
    size: CoverVariantSize,
    format: CoverVariantFormat,
  ): Promise<CoverAtSize> {
    const input = await this.store.getBytes(originalKey, { start: 0, end: original.bytes - 1 });
    let output: Buffer;
    try {
      output = await resize(input, size, format);
    } catch {
      const found = await pictureSizeOf(input);
      return found && found.width <= size && found.height <= size ? 'original' : 'none';
    }
    await this.store.put(key, Readable.from([output]), {
      contentType: format === 'jpg' ? 'image/jpeg' : `image/${format}`,
    });
    return 'variant';
  }

  /** Removes every variant of a cover (after the cover itself went). */
  async discard(originalKey: string): Promise<void> {
    await Promise.all(coverVariantKeys(originalKey).map((key) => this.store.delete(key)));
  }
}
