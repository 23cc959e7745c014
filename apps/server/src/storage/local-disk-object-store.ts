import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteMeter } from './byte-meter';
import { ContainedFiles } from './contained-files';
import { LruCache } from './lru-cache';
import {
  isValidKey,
  objectNotFound,
  type ByteRange,
  type ObjectHead,
  type ObjectInventory,
  type ObjectListing,
  type ObjectStore,
  type PutOptions,
  type PutResult,
} from './object-store';
import { OpenFiles } from './open-files';
import { storageWriteFailure } from './storage-failures';

/** How many objects' heads are kept in memory (a few hundred bytes each). */
const CACHED_HEADS = 1024;
/** How many objects are kept open for reading (one file descriptor each). */
const OPEN_FILES = 64;

function readAt(fd: number, buffer: Buffer, offset: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, buffer.length - offset, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}

/**
 * The head of a file. The tag is its size, then its modification time in nanoseconds and its
 * inode: every put renames a new file into place, so the inode changes with the content even
 * when the size does and the clock has not moved on.
 */
export function headOf(stats: fs.BigIntStats): ObjectHead {
  const inode = stats.ino.toString(16).padStart(16, '0');
  return {
    bytes: Number(stats.size),
    etag: `"${stats.size.toString(16)}-${stats.mtimeNs.toString(16)}${inode}"`,
    modifiedAt: stats.mtime,
  };
}

/**
 * Objects as files on the local disk under one root; a put writes a temporary file and renames
 * it into place. The content type is not kept: the rows that name an object know it.
 *
 * Objects do not change once written (their keys are fresh ids), so their heads are cached and
 * the files read most recently are kept open; a put or delete through this store forgets both.
 * A file changed behind the store's back is seen once evicted.
 */
export class LocalDiskObjectStore implements ObjectStore, ObjectInventory {
  private readonly tmpDir: string;
  private readonly heads = new LruCache<string, ObjectHead>(CACHED_HEADS);
  /** Reads never follow a link, nor leave the root (the data folder's secrets lie beside it). */
  private readonly contained: ContainedFiles;
  private readonly openFiles: OpenFiles;
  /** Bumped whenever an entry is forgotten, so that a stat begun before is not cached after. */
  private generation = 0;

  /** Nothing is written until the first put, so a read-only folder can be served too. */
  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
    const contained = new ContainedFiles(this.root);
    this.contained = contained;
    this.openFiles = new OpenFiles(OPEN_FILES, (file) => contained.open(file));
  }

  /** The absolute path of a key, or null for a key that could leave the root. */
  pathOf(key: string): string | null {
    if (!isValidKey(key)) return null;
    const resolved = path.resolve(this.root, key);
    return resolved.startsWith(this.root + path.sep) ? resolved : null;
  }

  async localPath(key: string): Promise<string | null> {
    const file = this.pathOf(key);
    if (file === null) return null;
    try {
      return (await fsp.stat(file)).isFile() ? file : null;
    } catch {
      return null;
    }
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<PutResult> {
    const target = this.pathOf(key);
    if (!target) throw new Error(`invalid object key: ${key}`);
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const temp = path.join(this.tmpDir, randomUUID());
    const meter = new ByteMeter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    try {
      // Flushed to the disk before it is renamed into place: a full disk or a failing device
      // fails the put, and a crash never leaves a renamed file without its bytes.
      await pipeline(source, meter, fs.createWriteStream(temp, { flags: 'wx', flush: true }));
      // A rename keeps the inode and the modification time: this is the head of the new object.
      const { etag } = headOf(await fsp.stat(temp, { bigint: true }));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
      this.forget(key, target);
      return { bytes: meter.bytes, sha256: meter.digest(), etag };
    } catch (error) {
      await fsp.rm(temp, { force: true });
      // The disk's failures (full, read-only, failing) name the call that failed; the source's
      // (a client gone, a file over the limit) do not.
      if (typeof (error as { syscall?: unknown } | null)?.syscall === 'string') {
        throw storageWriteFailure(error);
      }
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    const cached = this.heads.get(key);
    if (cached) return cached;
    const file = this.pathOf(key);
    if (!file) return null;
    const generation = this.generation;
    const stats = await this.contained.stat(file);
    if (!stats) return null;
    const head = headOf(stats);
    if (generation === this.generation) this.heads.set(key, head);
    return head;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    if (!file) throw objectNotFound(key);
    const fd = await this.contained.open(file);
    return fs.createReadStream(file, {
      fd,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async getBytes(key: string, range: ByteRange): Promise<Buffer> {
    const file = this.pathOf(key);
    if (!file) throw objectNotFound(key);
    const buffer = Buffer.allocUnsafe(range.end - range.start + 1);
    return this.openFiles.withDescriptor(file, async (fd) => {
      for (let filled = 0; filled < buffer.length;) {
        const bytesRead = await readAt(fd, buffer, filled, range.start + filled);
        if (bytesRead === 0) throw new Error(`${key} ended before byte ${range.end}`);
        filled += bytesRead;
      }
      return buffer;
    });
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) return;
    try {
      await fsp.rm(file, { force: true });
    } finally {
      this.forget(key, file);
    }
  }

  async *list(): AsyncIterable<ObjectListing> {
    yield* this.listUnder('');
  }

  async removeStaleTemporaries(before: Date): Promise<string[]> {
    let names: string[];
    try {
      names = await fsp.readdir(this.tmpDir);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const stats = await fsp.lstat(file).catch(() => null);
      // A write in progress keeps touching its file: only one left alone since `before` goes.
      if (!stats?.isFile() || stats.mtime >= before) continue;
      await fsp.rm(file, { force: true });
      removed.push(`.tmp/${name}`);
    }
    return removed;
  }

  /** Walks one folder of the root (depth first), skipping the temporary folder and non-objects. */
  private async *listUnder(prefix: string): AsyncIterable<ObjectListing> {
    const dir = prefix ? path.join(this.root, prefix) : this.root;
    let entries: fs.Dir;
    try {
      // Streamed: a folder of a million songs is never read into memory at once.
      entries = await fsp.opendir(dir);
    } catch {
      return;
    }
    for await (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!prefix && entry.name === path.basename(this.tmpDir)) continue;
        yield* this.listUnder(key);
      } else if (entry.isFile() && isValidKey(key)) {
        const stats = await fsp.stat(path.join(dir, entry.name)).catch(() => null);
        if (stats) yield { key, modifiedAt: stats.mtime };
      }
    }
  }

  private forget(key: string, file: string): void {
    this.heads.delete(key);
    this.openFiles.forget(file);
    this.generation += 1;
  }
}
