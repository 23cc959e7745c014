import path from 'node:path';

/**
 * The absolute path of a file inside a scanned folder, from its path there (names separated by
 * `/`); null for one that would leave the folder (`..`, an absolute path, a NUL byte).
 */
export function fileInFolder(folder: string, relativePath: string): string | null {
  if (relativePath === '' || relativePath.includes('\0')) return null;
  const names = relativePath.split('/');
  if (names.some((name) => name === '' || name === '.' || name === '..')) return null;
  const resolved = path.resolve(folder, ...names);
  return resolved.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep)
    ? resolved
    : null;
}
