import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Mounting needs root; elsewhere the tests that fill a disk are skipped (never under CI). */
export const canMountTmpfs = process.getuid?.() === 0 && process.platform === 'linux';

/** A small file system of the test's own, mounted on a folder, that the test can fill. */
export interface Tmpfs {
  readonly dir: string;
  /** Writes one file until the file system has no room left; resolves with its path. */
  fill(): string;
  /** Removes what `fill` wrote. */
  empty(): void;
  unmount(): Promise<void>;
}

/** `mount -t tmpfs -o size=<bytes>` on `dir` (created if missing). */
export async function mountTmpfs(dir: string, bytes: number): Promise<Tmpfs> {
  fs.mkdirSync(dir, { recursive: true });
  await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const chunk = Buffer.alloc(64 * 1024, 1);
      const fd = fs.openSync(filler, 'a');
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(fd);
      }
      return filler;
    },
    empty() {
      fs.rmSync(filler, { force: true });
    },
    async unmount() {
      await run('umount', [dir]);
    },
  };
}
