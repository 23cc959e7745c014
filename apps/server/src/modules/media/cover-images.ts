import type { Readable } from 'node:stream';
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
