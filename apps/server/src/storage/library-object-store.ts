import type { Readable } from 'node:stream';
import { openScannedFile, type ScannedFile } from './scanned-files';
import { headOf, LocalDiskObjectStore } from './local-disk-object-store';
import { objectNotFound } from './object-store';
import type * as Store from './object-store';

/** Where the files of the folders scanned in place are named: `audio/library/<file id>`. */
export const LIBRARY_KEY_PREFIX = 'audio/library/';
const LIBRARY_KEY = /^audio\/library\/([0-9a-f][0-9a-f-]{0,63})$/;

/** The key of a file of a scanned folder, by its row's id. */
export function libraryKeyOf(fileId: string): string {
  return `${LIBRARY_KEY_PREFIX}${fileId}`;
}

/** The files of the folders scanned in place, as their rows know them. */
export interface LibraryFiles {
  /**
   * A file by its id: where it is and what it was when scanned; null for an unknown id, or a
   * file whose folder is no longer configured or whose path would leave its folder.
   */
  find(fileId: string): Promise<ScannedFile | null>;
  /** The file at a row's place is not the one scanned (or is gone): it is to be scanned again. */
  stale(fileId: string): void;
}

/** Whether a key names a file of a folder scanned in place (always on this node's disk). */
export function isLibraryKey(key: string): boolean {
  return key.startsWith(LIBRARY_KEY_PREFIX);
}

/**
 * The media store with the folders scanned in place (MUSIC_DIR) beside it: keys
 * `audio/library/<id>` are files of those folders, found through their rows wherever they are
 * now, and served like any uploaded file (heads, ranges); everything else is the media store
 * (the media folder, or a bucket). The scanned folders are only ever read: a put there is
 * refused and a delete does nothing, so deleting a song never deletes its file. `list` lists
 * the media store alone, so the maintenance sweeps never see them either.
 */
export class LibraryObjectStore implements Store.ObjectStore, Store.ObjectInventory {
  /** Where uploaded media lives: the media folder or the bucket. */
  readonly media: Store.ObjectStore & Store.ObjectInventory;

  /** `media`: the media store, or the folder of a local one. */
  constructor(
    media: string | (Store.ObjectStore & Store.ObjectInventory),
    private readonly libraryFiles: LibraryFiles,
  ) {
    this.media = typeof media === 'string' ? new LocalDiskObjectStore(media) : media;
  }

  async put(key: string, source: Readable, options: Store.PutOptions): Promise<Store.PutResult> {
    if (key.startsWith(LIBRARY_KEY_PREFIX)) {
      source.destroy();
      throw new Error(`the scanned music folders are read-only: ${key}`);
    }
    return this.media.put(key, source, options);
  }

  async head(key: string): Promise<Store.ObjectHead | null> {
    if (!key.startsWith(LIBRARY_KEY_PREFIX)) return this.media.head(key);
    const opened = await this.openLibraryFile(key);
    if (!opened) return null;
    await opened.handle.close();
    return headOf(opened.stats);
  }

  async get(key: string, range?: Store.ByteRange): Promise<Readable> {
    if (!key.startsWith(LIBRARY_KEY_PREFIX)) return this.media.get(key, range);
    const opened = await this.openLibraryFile(key);
    if (!opened) throw objectNotFound(key);
    return opened.handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async getBytes(key: string, range: Store.ByteRange): Promise<Buffer> {
    if (!key.startsWith(LIBRARY_KEY_PREFIX)) return this.media.getBytes(key, range);
    const opened = await this.openLibraryFile(key);
    if (!opened) throw objectNotFound(key);
    const { handle } = opened;
    try {
      const buffer = Buffer.allocUnsafe(range.end - range.start + 1);
      for (let filled = 0; filled < buffer.length;) {
        const { bytesRead } = await handle.read(
          buffer,
          filled,
          buffer.length - filled,
          range.start + filled,
        );
        if (bytesRead === 0) throw new Error(`${key} ended before byte ${range.end}`);
        filled += bytesRead;
      }
      return buffer;
    } finally {
      await handle.close();
    }
  }

  async localPath(key: string): Promise<string | null> {
    if (!key.startsWith(LIBRARY_KEY_PREFIX)) return (await this.media.localPath?.(key)) ?? null;
    const opened = await this.openLibraryFile(key);
    if (!opened) return null;
    await opened.handle.close();
    return opened.file;
  }

  async delete(key: string): Promise<void> {
    // A scanned file belongs to its folder, not to the song made of it.
    if (key.startsWith(LIBRARY_KEY_PREFIX)) return;
    return this.media.delete(key);
  }

  list(): AsyncIterable<Store.ObjectListing> {
    return this.media.list();
  }

  removeStaleTemporaries(before: Date): Promise<string[]> {
    return this.media.removeStaleTemporaries(before);
  }

  /**
   * Opens a scanned file by its key, only if it is still the file its row was scanned from;
   * otherwise null, and the file is to be scanned again.
   */
  private async openLibraryFile(key: string) {
    const id = LIBRARY_KEY.exec(key)?.[1];
    if (id === undefined) return null;
    const scanned = await this.libraryFiles.find(id);
    if (!scanned) return null;
    const opened = await openScannedFile(scanned);
    if (!opened) this.libraryFiles.stale(id);
    return opened ? { ...opened, file: scanned.file } : null;
  }
}
