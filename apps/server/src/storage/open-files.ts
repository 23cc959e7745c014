import fs from 'node:fs';
import { LruCache } from './lru-cache';

interface SharedFile {
  readonly fd: Promise<number>;
  /** Reads using the descriptor right now. */
  users: number;
  /** Dropped from the cache: closed once its last user is done. */
  retired: boolean;
}

function openForReading(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.open(file, 'r', (error, fd) => (error ? reject(error) : resolve(fd)));
  });
}

function close(fd: number): Promise<void> {
  // A failing close has nothing left to undo.
  return new Promise((resolve) => fs.close(fd, () => resolve()));
}

/**
 * Read-only descriptors of the most recently read files, kept open between reads and shared by
 * those in flight, so that serving a range costs one read rather than an open, a read and a
 * close. Positional reads do not move a shared offset. A descriptor dropped from the cache, by
 * eviction or `forget`, is closed as soon as no read uses it.
 */
export class OpenFiles {
  private readonly files: LruCache<string, SharedFile>;
  /** Closes under way; reads never wait for them. */
  private readonly closing = new Set<Promise<void>>();

  /** `open`: how a file is opened for reading (by default, plainly). */
  constructor(
    capacity: number,
    private readonly open: (file: string) => Promise<number> = openForReading,
  ) {
    this.files = new LruCache(capacity, (file) => this.retire(file));
  }

  /** Runs `use` with a descriptor of `file`; it must not keep the descriptor afterwards. */
  async withDescriptor<T>(file: string, use: (fd: number) => Promise<T>): Promise<T> {
    let shared = this.files.get(file);
    if (!shared) {
      shared = { fd: this.open(file), users: 0, retired: false };
      this.files.set(file, shared);
    }
    shared.users += 1;
    try {
      return await use(await shared.fd);
    } catch (error) {
      // A failed open, or a read that failed with the descriptor: open afresh next time.
      if (this.files.peek(file) === shared) this.forget(file);
      throw error;
    } finally {
      shared.users -= 1;
      if (shared.retired && shared.users === 0) void this.closeRetired(shared);
    }
  }

  /** Drops the descriptor of `file`, e.g. because the file was removed or replaced. */
  forget(file: string): void {
    const shared = this.files.peek(file);
    if (!shared) return;
    this.files.delete(file);
    this.retire(shared);
  }

  /** Settles once every close started so far is done (for tests and orderly shutdowns). */
  async closed(): Promise<void> {
    await Promise.all([...this.closing]);
  }

  private retire(shared: SharedFile): void {
    shared.retired = true;
    if (shared.users === 0) void this.closeRetired(shared);
  }

  private closeRetired(shared: SharedFile): Promise<void> {
    const closing = shared.fd
      .then(close, () => undefined)
      .finally(() => this.closing.delete(closing));
    this.closing.add(closing);
    return closing;
  }
}
