import type { Readable } from 'node:stream';

export interface StoredBlob {
  readonly key: string;
  readonly bytes: number;
  /** Hex SHA-256 of the content. */
  readonly sha256: string;
}

export interface BlobStat {
  readonly bytes: number;
  readonly modifiedAt: Date;
}

export interface ByteRange {
  /** Inclusive. */
  readonly start: number;
  /** Inclusive. */
  readonly end: number;
}

/**
 * Where media lives (DESIGN.md §1: local disk by default). Keys are relative paths of lower-case
 * letters, digits, dots, dashes and underscores separated by slashes: never `..`, never absolute.
 */
export interface BlobStore {
  /**
   * Streams `source` into the store. The key is chosen by `naming` once every byte is in (so it
   * may use the content hash). Nothing is left behind when the stream fails or exceeds `maxBytes`.
   */
  save(
    source: Readable,
    naming: (sha256: string) => string,
    options?: { maxBytes?: number },
  ): Promise<StoredBlob>;
  open(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Reads one range into memory: cheaper than `open` for a short one, and meant for those only.
   * Fails with code ENOENT like `open`, and when the blob ends before the range does.
   */
  read(key: string, range: ByteRange): Promise<Buffer>;
  stat(key: string): Promise<BlobStat | null>;
  /** Removes a blob; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

export interface BlobListing {
  readonly key: string;
  readonly modifiedAt: Date;
}

/**
 * What the maintenance sweep needs of a store besides `BlobStore`: every blob it holds, and the
 * leftovers of writes that never finished (a crash between the first byte and the rename).
 */
export interface BlobInventory {
  /** Every blob with its last write, in no particular order; files that are not blobs are skipped. */
  list(): AsyncIterable<BlobListing>;
  /** Removes unfinished writes last touched before `before`; answers what it removed. */
  removeStaleTemporaries(before: Date): Promise<string[]>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return (
    key.length <= 200 &&
    KEY_PATTERN.test(key) &&
    !key.split('/').some((part) => part === '..' || part === '.')
  );
}
