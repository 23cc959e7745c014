import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { coverMessages, MAX_COVER_IMAGE_BYTES } from '@cadenza/contract/covers';
import { TooLarge, UnsupportedType } from '../../errors';
import { BlobTooLargeError, type BlobStore } from '../../storage/blob-store';
import { peek, sniffImage } from '../../storage/sniff';
import type { ImageReferencesRepository } from './image-references.repository';
import type { FormFileStore } from './multipart-form';

/**
 * Cover images of songs and playlists: recognised by their bytes, streamed into the store under
 * their content hash (`images/<sha256>.<ext>`), so that one file may serve several rows.
 */
export class CoverImages implements FormFileStore {
  constructor(
    private readonly blobs: BlobStore,
    private readonly references: ImageReferencesRepository,
  ) {}

  /** Stores an uploaded image and answers its key. */
  async save(source: Readable): Promise<string> {
    const { head, stream } = await peek(source);
    const type = sniffImage(head);
    if (!type) throw new UnsupportedType(coverMessages.notAnImage);
    try {
      const blob = await this.blobs.save(stream, (sha256) => `images/${sha256}.${type.extension}`, {
        maxBytes: MAX_COVER_IMAGE_BYTES,
      });
      return blob.key;
    } catch (error) {
      if (error instanceof BlobTooLargeError) throw new TooLarge(coverMessages.tooLarge);
      throw error;
    }
  }

  /** Removes a cover that no row uses any more; a shared one stays. */
  async discard(key: string | null): Promise<void> {
    if (key === null || (await this.references.isReferenced(key))) return;
    await this.blobs.remove(key);
  }
}

/** The longest side of a cover preview, in pixels. */
export const COVER_PREVIEW_PIXELS = 300;
/** The most pixels a picture may have to be previewed (5000 × 5000): decoding costs memory. */
const PREVIEW_MAX_INPUT_PIXELS = 25_000_000;

/**
 * A small WebP of an image (at most `COVER_PREVIEW_PIXELS` a side, a few kilobytes) as a data
 * URL, for a form to show before anything is stored; null for what is not a readable image.
 */
export async function coverPreviewDataUrl(image: Buffer): Promise<string | null> {
  if (!sniffImage(image)) return null;
  try {
    const preview = await sharp(image, { limitInputPixels: PREVIEW_MAX_INPUT_PIXELS })
      .rotate()
      .resize(COVER_PREVIEW_PIXELS, COVER_PREVIEW_PIXELS, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer();
    return `data:image/webp;base64,${preview.toString('base64')}`;
  } catch {
    return null;
  }
}
