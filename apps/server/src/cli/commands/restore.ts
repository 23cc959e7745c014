import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MEDIA_PREFIX } from '../../backup/backup-manifest';
import { BackupArchiveError, readBackup, type CheckedBackup } from '../../backup/read-backup';
import { restoreDatabase } from '../../backup/restore-backup';
import { loadConfig } from '../../config';
import { countedRows, DatabaseCopyError } from '../../db/database-copies';
import { UsageError, warn, type Command } from '../command';
import { withServices, type Opened } from '../open-services';
import { progressDrawer } from '../progress';
import { plural, rowSummary } from './backup-words';

const USAGE = [
  'Usage: cadenza restore ARCHIVE [--replace]',
  '',
  'Checks every entry of a backup written by cadenza backup against its manifest, then puts back',
  'its database, its signing secret (DATA_DIR/jwt-secret) and the media it holds, and brings the',
  'schema up to date. The server must be stopped. It restores into an empty data folder or',
  'PostgreSQL schema; with --replace, a SQLite database already there is set aside (kept beside',
  'it as cadenza.db.before-restore-…) first. A PostgreSQL schema that holds tables is refused.',
].join('\n');

/** Puts the media objects the archive holds into the media store (local folder or bucket). */
async function restoreMedia(backup: CheckedBackup, { container, services }: Opened): Promise<void> {
  const keys = backup.mediaKeys;
  if (keys.length === 0) return;
  warn(`Restoring ${plural(keys.length, 'media object', 'media objects')}…`);
  const progress = progressDrawer('media objects');
  for (const [index, key] of keys.entries()) {
    progress.draw(index, keys.length);
    const file = backup.fileOf(`${MEDIA_PREFIX}${key}`);
    const { size, mtime } = fs.statSync(file);
    const head = { bytes: size, etag: '', modifiedAt: mtime };
    const contentType = await services.contentTypes.of(key, head);
    await container.objects.put(key, fs.createReadStream(file), { contentType });
  }
  progress.draw(keys.length, keys.length, true);
  progress.end();
}

async function restore(archive: string, replace: boolean): Promise<number> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Unpacked beside the data it replaces, so that the database moves in with a rename.
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    warn(`Checking ${archive}…`);
    const backup = await readBackup(archive, staging);
    const { manifest } = backup;
    warn(
      `A backup of ${manifest.createdAt} by Cadenza ${manifest.release} (schema ${manifest.schema}).`,
    );
    const restored = await restoreDatabase(
      backup,
      {
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        configuredJwtSecret: config.jwtSecret,
      },
      { replace },
    );
    for (const aside of restored.setAside) warn(`Set aside: ${aside}`);
    return await withServices(async (opened) => {
      await restoreMedia(backup, opened);
      warn(`Restored ${rowSummary(await countedRows(opened.container.database.db))}.`);
      if (manifest.media.store === 's3' && manifest.media.listed) {
        warn('Its media are in the bucket it lists; they were not in the archive.');
      }
      for (const warning of restored.warnings) warn(warning);
      return 0;
    });
  } catch (error) {
    if (error instanceof BackupArchiveError || error instanceof DatabaseCopyError) {
      warn(error.message);
      return 1;
    }
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** `cadenza restore ARCHIVE`: a backup checked, then put back in place of nothing. */
export const restoreCommand: Command = {
  name: 'restore',
  summary: 'Restore a backup archive into a stopped server',
  usage: USAGE,
  async run(args) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { replace: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    const [archive, ...more] = positionals;
    if (archive === undefined) throw new UsageError('Say which archive to restore.');
    if (more.length > 0)
      throw new UsageError(`cadenza restore takes one archive (got ${more[0]}).`);
    return restore(path.resolve(archive), values.replace);
  },
};
