import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobTooLargeError,
  isValidKey,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type StoredBlob,
} from './blob-store';

/** Counts and hashes bytes as they pass, failing once more than `maxBytes` went through. */
class Meter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Media on the local disk under one root; writes go to a temporary file renamed into place. */
export class LocalBlobStore implements BlobStore {
  private readonly tmpDir: string;

  /** Nothing is written until the first save, so a read-only folder can be served too. */
  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  /** The absolute path of a key, or null for a key that could leave the root. */
  pathOf(key: string): string | null {
    if (!isValidKey(key)) return null;
    const resolved = path.resolve(this.root, key);
    return resolved.startsWith(this.root + path.sep) ? resolved : null;
  }

  async save(
    source: Readable,
    naming: (sha256: string) => string,
    options: { maxBytes?: number } = {},
  ): Promise<StoredBlob> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const temp = path.join(this.tmpDir, randomUUID());
    const meter = new Meter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    try {
      await pipeline(source, meter, fs.createWriteStream(temp, { flags: 'wx' }));
      const sha256 = meter.digest();
      const key = naming(sha256);
      const target = this.pathOf(key);
      if (!target) throw new Error(`invalid blob key: ${key}`);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
      return { key, bytes: meter.bytes, sha256 };
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    if (!file) throw Object.assign(new Error('not found'), { code: 'ENOENT' });
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<BlobStat | null> {
    const file = this.pathOf(key);
    if (!file) return null;
    try {
      const stats = await fsp.stat(file);
      return stats.isFile() ? { bytes: stats.size, modifiedAt: stats.mtime } : null;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (file) await fsp.rm(file, { force: true });
  }
}
