import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * Within apps/server/assets: the 100,000 most common passwords of Mark Burnett's ten million
 * leaked passwords, as SecLists ranks them (the README beside it says where it comes from).
 */
export const COMMON_PASSWORDS_ASSET = 'common-passwords/10-million-password-list-top-100000.txt.gz';

/** How a password and the list are compared: without regard to case, "Password1" is "password1". */
export function commonPasswordKey(password: string): string {
  return password.toLowerCase();
}

const loaded = new Map<string, ReadonlySet<string>>();

/**
 * The list, one password a line, read into a set of keys. Read once per process and file: every
 * server (and every test app) of the process shares the same set.
 */
export function loadCommonPasswords(file: string): ReadonlySet<string> {
  let passwords = loaded.get(file);
  if (!passwords) {
    passwords = readList(gunzipSync(fs.readFileSync(file)).toString('utf8'));
    loaded.set(file, passwords);
  }
  return passwords;
}

function readList(text: string): ReadonlySet<string> {
  const keys = new Set<string>();
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const password = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    if (password !== '') keys.add(commonPasswordKey(password));
    start = end + 1;
  }
  return keys;
}
