import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { isValidKey } from '../storage/object-store';
import { Fingerprint } from './archive-entries';
import {
  backupManifest,
  CONFIGURATION_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_LIST_ENTRY,
  MEDIA_PREFIX,
  POSTGRES_ENTRY,
  SECRET_ENTRY,
  SQLITE_ENTRY,
  type ArchivedFile,
  type BackupManifest,
} from './backup-manifest';

/** An archive that cannot be restored, and why. */
export class BackupArchiveError extends Error {}

/** A backup unpacked into a folder and checked, entry by entry, against its manifest. */
export interface CheckedBackup {
  readonly manifest: BackupManifest;
  /** Where each entry was unpacked: `fileOf(SQLITE_ENTRY)`. */
  fileOf(entry: string): string;
  /** The media objects it holds, by key. */
  readonly mediaKeys: readonly string[];
}

const NAMED_ENTRIES = new Set([
  SQLITE_ENTRY,
  POSTGRES_ENTRY,
  SECRET_ENTRY,
  CONFIGURATION_ENTRY,
  MEDIA_LIST_ENTRY,
  MANIFEST_ENTRY,
]);

/** An entry a backup may hold; anything else (a path with `..`, a link) is refused. */
function isBackupEntry(name: string): boolean {
  if (NAMED_ENTRIES.has(name)) return true;
  return name.startsWith(MEDIA_PREFIX) && isValidKey(name.slice(MEDIA_PREFIX.length));
}

/**
 * Unpacks `archive` into `into` (an empty folder), hashing each entry as it goes, and checks it
 * against the manifest: every file the manifest lists, of its size and SHA-256, and nothing
 * else. A truncated, damaged or foreign archive is refused with the reason.
 */
export async function readBackup(archive: string, into: string): Promise<CheckedBackup> {
  if (!fs.existsSync(archive)) throw new BackupArchiveError(`${archive} does not exist.`);
  const found = new Map<string, ArchivedFile>();
  const extract = tar.extract();
  const unpacked = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file' || !isBackupEntry(name) || found.has(name)) {
        entry.resume();
        throw new BackupArchiveError(`it holds ${JSON.stringify(name)}, which no backup holds.`);
      }
      const target = path.join(into, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const fingerprint = new Fingerprint();
      await pipeline(entry, fingerprint, fs.createWriteStream(target, { mode: 0o600 }));
      found.set(name, { path: name, bytes: fingerprint.bytes, sha256: fingerprint.sha256() });
    }
  })();
  try {
    await Promise.all([pipeline(fs.createReadStream(archive), createGunzip(), extract), unpacked]);
  } catch (error) {
    if (error instanceof BackupArchiveError) throw notRestorable(archive, error.message);
    if (endsEarly(error)) {
      throw notRestorable(archive, 'it ends early (cut short while written or copied).');
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw notRestorable(archive, `it cannot be read as a Cadenza backup (${reason}).`);
  }
  const manifest = readManifest(archive, into, found);
  return {
    manifest,
    fileOf: (entry) => path.join(into, entry),
    mediaKeys: manifest.files
      .filter((file) => file.path.startsWith(MEDIA_PREFIX))
      .map((file) => file.path.slice(MEDIA_PREFIX.length)),
  };
}

/** gzip's and tar's words for a stream that stops in the middle. */
function endsEarly(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'Z_BUF_ERROR' || (error instanceof Error && /unexpected end/i.test(error.message))
  );
}

function notRestorable(archive: string, reason: string): BackupArchiveError {
  return new BackupArchiveError(`${archive} cannot be restored: ${reason}`);
}

function readManifest(
  archive: string,
  into: string,
  found: ReadonlyMap<string, ArchivedFile>,
): BackupManifest {
  if (!found.has(MANIFEST_ENTRY)) {
    throw notRestorable(archive, 'it has no manifest (not a Cadenza backup, or cut short).');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(into, MANIFEST_ENTRY), 'utf8'));
  } catch {
    throw notRestorable(archive, 'its manifest is not JSON.');
  }
  const manifest = backupManifest.safeParse(parsed);
  if (!manifest.success) {
    throw notRestorable(archive, 'its manifest is not one this release of Cadenza reads.');
  }
  const listed = new Map(manifest.data.files.map((file) => [file.path, file]));
  for (const file of manifest.data.files) {
    const unpacked = found.get(file.path);
    if (!unpacked) throw notRestorable(archive, `${file.path} is missing from it.`);
    if (unpacked.bytes !== file.bytes || unpacked.sha256 !== file.sha256) {
      throw notRestorable(archive, `${file.path} is damaged (its checksum does not match).`);
    }
  }
  for (const name of found.keys()) {
    if (name !== MANIFEST_ENTRY && !listed.has(name)) {
      throw notRestorable(archive, `${name} is in it but not in its manifest.`);
    }
  }
  const database = manifest.data.database === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY;
  if (!listed.has(database) || !listed.has(SECRET_ENTRY)) {
    throw notRestorable(archive, 'it lacks the database or the signing secret.');
  }
  return manifest.data;
}
