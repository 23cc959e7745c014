import type { Readable } from 'node:stream';

export interface PutOptions {
  /** The MIME type of the content; a store that keeps it answers it from `head`. */
  readonly contentType: string;
  /** More bytes than this fail the put with `ObjectTooLargeError`. */
  readonly maxBytes?: number;
}

/** What a put wrote. */
export interface PutResult {
  readonly bytes: number;
  /** Hex SHA-256 of the content. */
  readonly sha256: string;
  /** The entity tag `head` answers for this content until the key is written again. */
  readonly etag: string;
}

export interface ObjectHead {
  readonly bytes: number;
  /** A quoted HTTP entity tag; it changes whenever the content of the key does. */
  readonly etag: string;
  readonly modifiedAt: Date;
  /** The type given to `put`, for a store that keeps it (local disk does not). */
  readonly contentType?: string;
}

export interface ByteRange {
  /** Inclusive. */
  readonly start: number;
  /** Inclusive. */
  readonly end: number;
}

export interface SignedGetOptions {
  /** A Content-Disposition for the response, e.g. `attachment; filename="…"`. */
  readonly disposition?: string;
  /** The Content-Type the response is to have (the store's own may be missing or generic). */
  readonly contentType?: string;
}

/**
 * Where media lives (docs/architecture.md §1: local disk by default, any S3-compatible store for several
 * nodes). Keys are chosen by the caller before the bytes arrive: relative paths of lower-case
 * letters, digits, dots, dashes and underscores separated by slashes, never `..`, never absolute
 * (`isValidKey`). What the bytes are (their type and size) is kept by the rows that use them.
 */
export interface ObjectStore {
  /**
   * Streams `source` to `key`, replacing what was there at once when every byte is in (readers
   * see the old content or the new, never part of one). Nothing is left behind when the stream
   * fails or exceeds `maxBytes`. Rejects a key `isValidKey` refuses before reading a byte.
   */
  put(key: string, source: Readable, options: PutOptions): Promise<PutResult>;
  /** The object's size, tag and time; null for a missing key (or one that could not exist). */
  head(key: string): Promise<ObjectHead | null>;
  /** The content, or one range of it; fails with code ENOENT for a missing key. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Reads one range into memory: cheaper than `get` for a short one, and meant for those only.
   * Fails with code ENOENT like `get`, and when the object ends before the range does.
   */
  getBytes(key: string, range: ByteRange): Promise<Buffer>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL from which a client fetches the object directly for `ttlSeconds`, for a store that
   * serves its objects itself (S3). Stores without it are served through the /media routes.
   */
  signedGetUrl?(key: string, ttlSeconds: number, options?: SignedGetOptions): Promise<string>;
  /**
   * Where the object is on this node's disk, for a program that reads files itself (ffmpeg
   * seeks in them); null for a missing key. Stores that keep nothing on this disk lack it.
   */
  localPath?(key: string): Promise<string | null>;
}

export interface ObjectListing {
  readonly key: string;
  readonly modifiedAt: Date;
}

/**
 * What the maintenance sweep needs of a store besides `ObjectStore`: every object it holds, and
 * the leftovers of writes that never finished (a crash between the first byte and the last).
 */
export interface ObjectInventory {
  /** Every object with its last write, in no particular order; what is not an object is skipped. */
  list(): AsyncIterable<ObjectListing>;
  /** Removes unfinished writes last touched before `before`; answers what it removed. */
  removeStaleTemporaries(before: Date): Promise<string[]>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

/** The error of reading a key that holds nothing: code ENOENT, as the file system says it. */
export function objectNotFound(key: string): Error {
  return Object.assign(new Error(`no object at ${key}`), { code: 'ENOENT' });
}

export function isObjectNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return (
    key.length <= 200 &&
    KEY_PATTERN.test(key) &&
    !key.split('/').some((part) => part === '..' || part === '.')
  );
}
