import type { Readable } from 'node:stream';
import { coverMessages, MAX_COVER_IMAGE_BYTES } from '@cadenza/contract/covers';
import { TooLarge, UnsupportedType } from '../../errors';
import { newId } from '../../ids';
import { ObjectTooLargeError, type ObjectStore } from '../../storage/object-store';
import { peek, sniffImage } from '../../storage/sniff';
import { CoverVariants } from './cover-variants';
import { hasTooManyPixels, pictureSizeOf, PICTURE_HEADER_BYTES } from './picture-sizes';
import type { ImagesRepository } from './images.repository';
import type { FormFileStore } from '../uploads/multipart-form';
import { StoredImage } from '../uploads/stored-files';

/**
 * Cover images of songs and playlists: recognised by their bytes and streamed into the store
 * under a fresh key (`images/<id>`). The row that uses one takes it in its own transaction
 * (`ImagesRepository.take`), where the same picture stored before wins: one file serves every
 * row that shows it.
 */
export class CoverImages implements FormFileStore<StoredImage> {
  constructor(
    private readonly store: ObjectStore,
    private readonly images: ImagesRepository,
  ) {}

  /**
   * Stores an uploaded image and answers what a row needs to take it. A picture with more pixels
   * than a cover may have is refused (413) before it is stored, its header telling.
   */
  save(source: Readable): Promise<StoredImage> {
    return this.keep(source, { found: false });
  }

  /**
   * Stores a picture nobody chose (one found beside audio files), which must also be one that can
   * be shown: a broken `cover.jpg` would stand for every song of its folder as a missing image.
   */
  saveFound(source: Readable): Promise<StoredImage> {
    return this.keep(source, { found: true });
  }

  private async keep(source: Readable, { found }: { found: boolean }): Promise<StoredImage> {
    const { head, stream } = await peek(source, PICTURE_HEADER_BYTES);
    const type = sniffImage(head);
    if (!type) throw new UnsupportedType(coverMessages.notAnImage);
    const size = await pictureSizeOf(head);
    if (size && hasTooManyPixels(size)) throw new TooLarge(coverMessages.tooManyPixels);
    // The whole file is in `head` when that is shorter than asked: an unknown size is unreadable.
    if (found && !size && head.length < PICTURE_HEADER_BYTES) {
      throw new UnsupportedType(coverMessages.notAnImage);
    }
    const key = `images/${newId()}`;
    try {
      const stored = await this.store.put(key, stream, {
        contentType: type.mime,
        maxBytes: MAX_COVER_IMAGE_BYTES,
      });
      return new StoredImage(key, stored.sha256, type.mime, stored.bytes);
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw new TooLarge(coverMessages.tooLarge);
      throw error;
    }
  }

  /**
   * Removes a cover's file unless the images table keeps it; for after a transaction: a fresh
   * upload no row took (the request failed, or the picture was kept already), or a cover whose
   * last row went. A kept key is never taken once its row is gone, so none comes back meanwhile.
   * Its resized copies go too.
   */
  async discard(cover: StoredImage | string | null): Promise<void> {
    const key = typeof cover === 'string' ? cover : (cover?.key ?? null);
    if (key === null || (await this.images.isKept(key))) return;
    await this.store.delete(key);
    // Its resized copies go with it (they are made again should the key ever come back).
    await new CoverVariants(this.store).discard(key);
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
    const { default: sharp } = await import('sharp');
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
