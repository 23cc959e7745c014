import fs from 'node:fs';
import path from 'node:path';

/** Which archives of one kind (`backup`, `before-upgrade`, `scheduled`) a folder holds. */
const ARCHIVE = (kind: string) =>
  new RegExp(`^cadenza-${kind}-\\d{8}T\\d{6}\\.\\d{3}Z\\.tar\\.gz$`);

/** The archives of `kind` in `dir`, oldest first (their names sort by time). */
export function archivesOf(dir: string, kind: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const pattern = ARCHIVE(kind);
  return fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

export function newestArchive(dir: string, kind: string): string | null {
  return archivesOf(dir, kind).at(-1) ?? null;
}

/** Removes all but the newest `keep` archives of `kind`; answers those removed. */
export function pruneArchives(dir: string, kind: string, keep: number): string[] {
  const archives = archivesOf(dir, kind);
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}
