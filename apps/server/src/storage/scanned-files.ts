import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** A file of a folder scanned in place, as its row knows it. */
export interface ScannedFile {
  /** The scanned folder, absolute, as MUSIC_DIR names it. */
  readonly folder: string;
  /** The file's absolute path inside `folder` (no `..`, no empty names). */
  readonly file: string;
  readonly bytes: number;
  /** Whole milliseconds; null while its import has not finished (the time is not kept yet). */
  readonly mtimeMs: number | null;
  /** `<device>:<inode>`; null for a row scanned before it was recorded. */
  readonly identity: string | null;
}

/** A scanned file opened for reading, with what the descriptor itself says of it. */
export interface OpenedScannedFile {
  readonly handle: fsp.FileHandle;
  readonly stats: fs.BigIntStats;
}

/** Never follows a link in the last name of the path (ELOOP instead); 0 where unknown. */
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/** `<device>:<inode>` of a file, as rows keep it. */
export function identityOf(stats: fs.BigIntStats): string {
  return `${stats.dev}:${stats.ino}`;
}

/** Whether what a descriptor is (or a look at a path found) is still the file a row was scanned from. */
export function isScannedFile(stats: fs.BigIntStats, scanned: ScannedFile): boolean {
  if (!stats.isFile()) return false;
  if (scanned.identity !== null && identityOf(stats) !== scanned.identity) return false;
  if (Number(stats.size) !== scanned.bytes) return false;
  return scanned.mtimeMs === null || Number(stats.mtimeNs / 1_000_000n) === scanned.mtimeMs;
}

/** The real paths of the scanned folders, resolved once (MUSIC_DIR itself may be a link). */
const realFolders = new Map<string, Promise<string | null>>();

function realFolderOf(folder: string): Promise<string | null> {
  let real = realFolders.get(folder);
  if (!real) {
    real = fsp.realpath(folder).catch(() => null);
    realFolders.set(folder, real);
    // A folder missing now may be mounted later.
    void real.then((found) => found ?? realFolders.delete(folder));
  }
  return real;
}

/**
 * Where an open descriptor really is: the kernel's own answer on Linux (no race with a rename
 * or a link swapped in after the open), else the path resolved now.
 */
async function realLocationOf(handle: fsp.FileHandle, file: string): Promise<string | null> {
  try {
    return await fsp.readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return fsp.realpath(file).catch(() => null);
  }
}

/**
 * Opens a scanned file for reading only if it is still the file its row was scanned from: no
 * symbolic link in its path below the folder (the scan never follows one), its real location
 * inside the folder, and the same device, inode, size and modification time as when scanned,
 * all checked on the open descriptor so nothing can be swapped in between the check and the
 * read. Null otherwise (or when it cannot be opened at all).
 */
export async function openScannedFile(scanned: ScannedFile): Promise<OpenedScannedFile | null> {
  const realFolder = await realFolderOf(scanned.folder);
  if (realFolder === null) return null;
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(scanned.file, fs.constants.O_RDONLY | NO_FOLLOW);
  } catch {
    return null;
  }
  try {
    const stats = await handle.stat({ bigint: true });
    const expected = path.join(realFolder, path.relative(scanned.folder, scanned.file));
    if (
      isScannedFile(stats, scanned) &&
      (await realLocationOf(handle, scanned.file)) === expected
    ) {
      return { handle, stats };
    }
  } catch {
    // Unreadable now: the same as changed.
  }
  await handle.close();
  return null;
}
