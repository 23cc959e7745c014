import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { DatabaseHandle } from '../db/database';
import {
  copySqlite,
  currentSchema,
  DatabaseCopyError,
  dumpPostgres,
  newestMigrationRun,
  pgDumpCommand,
} from '../db/database-copies';
import { SERVER_VERSION } from '../modules/subsonic/subsonic-response';
import type { ObjectInventory, ObjectStore } from '../storage/object-store';
import { addEntry, addText, fingerprintOf } from './archive-entries';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFileName,
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

/** What a backup is taken of: the server's database, signing secret, configuration and media. */
export interface BackupSource {
  readonly database: DatabaseHandle;
  /** Set on PostgreSQL (pg_dump connects with it); unset, the SQLite file is copied. */
  readonly databaseUrl: string | undefined;
  readonly sqliteFile: string;
  readonly jwtSecret: string;
  /** `NAME=value` lines, secrets marked (config.ts `configurationRecord`). */
  readonly configuration: readonly string[];
  readonly media: ObjectStore & ObjectInventory;
  readonly mediaStore: 'local' | 's3';
}

export interface BackupOptions {
  /** The folder the archive is written to. */
  readonly to: string;
  /** List every media object with its size and hash (slow on a large local library). */
  readonly listMedia: boolean;
  /** Copy local media into the archive as well. */
  readonly withMedia: boolean;
  /** The archive's name says why it was taken: `backup`, or `before-…` ahead of a migration. */
  readonly kind?: string;
  readonly onStep?: (line: string) => void;
  readonly onMediaProgress?: (done: number, total: number) => void;
}

export interface BackupReport {
  readonly file: string;
  readonly bytes: number;
  readonly manifest: BackupManifest;
}

/**
 * Writes one archive of the server as it is now, while it goes on serving: a consistent copy of
 * the database (SQLite's online backup, or pg_dump's snapshot), the signing secret, the
 * configuration, and the media objects listed (and copied, with `withMedia`, from a local
 * store). The archive appears under its name only once whole; a failure leaves nothing behind.
 */
export async function writeBackup(
  source: BackupSource,
  options: BackupOptions,
): Promise<BackupReport> {
  const step = options.onStep ?? (() => {});
  const createdAt = new Date();
  fs.mkdirSync(options.to, { recursive: true, mode: 0o700 });
  const file = path.join(options.to, backupFileName(createdAt, options.kind));
  const partial = path.join(options.to, `.${path.basename(file)}.partial`);
  const staging = fs.mkdtempSync(path.join(options.to, '.cadenza-backup-'));
  try {
    const schema = await newestMigrationRun(source.database.db);
    const postgresSchema = source.databaseUrl ? await currentSchema(source.database.db) : null;
    step('Copying the database…');
    const databaseCopy = await copyDatabase(source, staging, postgresSchema);

    const pack = tar.pack();
    // gzip's fastest level: most of the database's size goes, at a fraction of the default's time.
    const written = pipeline(
      pack,
      createGzip({ level: 1 }),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    written.catch(() => {}); // awaited below; a failure before then must not go unhandled
    const files: ArchivedFile[] = [];
    const { size } = fs.statSync(databaseCopy.file);
    files.push(
      await addEntry(pack, databaseCopy.entry, size, fs.createReadStream(databaseCopy.file)),
    );
    fs.rmSync(databaseCopy.file);
    files.push(await addText(pack, SECRET_ENTRY, `${source.jwtSecret}\n`));
    files.push(
      await addText(pack, CONFIGURATION_ENTRY, source.configuration.map((l) => `${l}\n`).join('')),
    );
    const media = await archiveMedia(source, options, pack, staging, step);
    files.push(...media.files);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      release: SERVER_VERSION,
      schema,
      database: source.database.dialect,
      postgresSchema,
      media: media.summary,
      files,
    };
    await addText(pack, MANIFEST_ENTRY, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    await syncFile(partial);
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function copyDatabase(
  source: BackupSource,
  staging: string,
  postgresSchema: string | null,
): Promise<{ entry: string; file: string }> {
  if (!source.databaseUrl || postgresSchema === null) {
    const file = path.join(staging, 'cadenza.db');
    await copySqlite(source.sqliteFile, file);
    return { entry: SQLITE_ENTRY, file };
  }
  const file = path.join(staging, 'cadenza.sql');
  try {
    await dumpPostgres(source.databaseUrl, postgresSchema, file);
  } catch (error) {
    if (!(error instanceof DatabaseCopyError) || !error.message.includes('not installed')) {
      throw error;
    }
    throw new DatabaseCopyError(
      'pg_dump is not installed here, and a PostgreSQL database is backed up with it: install ' +
        "PostgreSQL's client programs (postgresql-client on Debian and Ubuntu) of the server's " +
        `version or newer, or dump the database yourself with\n  ${pgDumpCommand(postgresSchema)}`,
    );
  }
  return { entry: POSTGRES_ENTRY, file };
}

interface ArchivedMedia {
  readonly files: ArchivedFile[];
  readonly summary: BackupManifest['media'];
}

/**
 * Lists the media objects (after the database was copied, so that every object it names is
 * there) with their sizes and hashes: SHA-256 from a local store, which reads each; the ETag
 * from S3, which is listed, never copied.
 */
async function archiveMedia(
  source: BackupSource,
  options: BackupOptions,
  pack: tar.Pack,
  staging: string,
  step: (line: string) => void,
): Promise<ArchivedMedia> {
  const local = source.mediaStore === 'local';
  const included = options.withMedia && local;
  const summary = { store: source.mediaStore, listed: options.listMedia, included };
  if (!options.listMedia && !included) {
    return { files: [], summary: { ...summary, objects: 0, bytes: 0 } };
  }
  if (options.withMedia && !local) step('The media are in S3: they are listed, not copied.');
  step('Listing the media…');
  const keys: string[] = [];
  for await (const object of source.media.list()) keys.push(object.key);
  keys.sort();

  const listFile = path.join(staging, 'media-objects.jsonl');
  const list = fs.openSync(listFile, 'w', 0o600);
  const files: ArchivedFile[] = [];
  let objects = 0;
  let bytes = 0;
  try {
    for (const [index, key] of keys.entries()) {
      options.onMediaProgress?.(index, keys.length);
      const head = await source.media.head(key);
      if (!head) continue; // removed since it was listed
      let line: object;
      if (included) {
        const archived = await addEntry(
          pack,
          `${MEDIA_PREFIX}${key}`,
          head.bytes,
          await source.media.get(key),
        );
        files.push(archived);
        line = { key, bytes: archived.bytes, sha256: archived.sha256 };
      } else if (local) {
        line = { key, ...(await fingerprintOf(await source.media.get(key))) };
      } else {
        line = { key, bytes: head.bytes, etag: head.etag };
      }
      fs.writeSync(list, `${JSON.stringify(line)}\n`);
      objects += 1;
      bytes += head.bytes;
    }
    options.onMediaProgress?.(keys.length, keys.length);
  } finally {
    fs.closeSync(list);
  }
  const { size } = fs.statSync(listFile);
  files.push(await addEntry(pack, MEDIA_LIST_ENTRY, size, fs.createReadStream(listFile)));
  return { files, summary: { ...summary, objects, bytes } };
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
