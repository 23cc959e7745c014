import fs from 'node:fs';
import path from 'node:path';
import { objectNotFound } from './object-store';

/** Never follows a link in the last name of the path (ELOOP instead); 0 where unknown. */
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

function openNoFollow(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.open(file, fs.constants.O_RDONLY | NO_FOLLOW, (error, fd) =>
      error ? reject(error) : resolve(fd),
    );
  });
}

function fstat(fd: number): Promise<fs.BigIntStats> {
  return new Promise((resolve, reject) => {
    fs.fstat(fd, { bigint: true }, (error, stats) => (error ? reject(error) : resolve(stats)));
  });
}

function close(fd: number): Promise<void> {
  // A failing close has nothing left to undo.
  return new Promise((resolve) => fs.close(fd, () => resolve()));
}

/**
 * Where an open descriptor really is: the kernel's own answer on Linux (no race with a link
 * swapped in after the open), else the path resolved now.
 */
async function realLocationOf(fd: number, file: string): Promise<string | null> {
  try {
    return await fs.promises.readlink(`/proc/self/fd/${fd}`);
  } catch {
    return fs.promises.realpath(file).catch(() => null);
  }
}

/** Codes of a path that is not (or no longer) a readable file inside the root. */
const NOT_THERE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR']);

/**
 * Files read only where they lie inside one folder: a path with a symbolic link anywhere below
 * the folder (in its last name or on its way), or whose real location is elsewhere, is as good
 * as missing (code ENOENT). The check is made on the open descriptor, so nothing swapped in
 * between the check and the read is ever read.
 */
export class ContainedFiles {
  private realRoot: Promise<string> | null = null;

  /** `root`: absolute. It may be a link itself (a data folder on another disk). */
  constructor(private readonly root: string) {}

  /** A descriptor of `file` (a path under the root) for reading; the caller closes it. */
  async open(file: string): Promise<number> {
    let fd: number;
    try {
      fd = await openNoFollow(file);
    } catch (error) {
      throw this.asMissing(error, file);
    }
    try {
      const stats = await fstat(fd);
      const [real, root] = await Promise.all([realLocationOf(fd, file), this.realRootOf()]);
      if (!stats.isFile() || real !== path.join(root, path.relative(this.root, file))) {
        throw objectNotFound(file);
      }
      return fd;
    } catch (error) {
      await close(fd);
      throw this.asMissing(error, file);
    }
  }

  /** What the file at `file` is, checked as `open` checks it; null when it is not there. */
  async stat(file: string): Promise<fs.BigIntStats | null> {
    let fd: number;
    try {
      fd = await this.open(file);
    } catch {
      return null;
    }
    try {
      return await fstat(fd);
    } finally {
      await close(fd);
    }
  }

  private realRootOf(): Promise<string> {
    if (!this.realRoot) {
      const real = fs.promises.realpath(this.root);
      // The folder may not exist yet (nothing written): it is looked up again next time.
      real.catch(() => {
        if (this.realRoot === real) this.realRoot = null;
      });
      this.realRoot = real;
    }
    return this.realRoot;
  }

  private asMissing(error: unknown, file: string): unknown {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && NOT_THERE.has(code) ? objectNotFound(file) : error;
  }
}
