import fs from 'node:fs';
import path from 'node:path';
import {
  migrateToLatest,
  MigrationFailedError,
  NewerDatabaseError,
  newerDatabase,
  pendingMigrations,
  type MigrationSet,
} from '../db/database';
import { copySqlite, DatabaseCopyError } from '../db/database-copies';
import { migrations } from '../db/migrations/all';
import { SQLITE_ENTRY } from './backup-manifest';
import { newestArchive, pruneArchives } from './kept-backups';
import { readBackup } from './read-backup';
import { writeBackup, type BackupSource } from './write-backup';

/** The archives taken before migrations: `cadenza-before-upgrade-….tar.gz`. */
export const BEFORE_UPGRADE = 'before-upgrade';
/** How many of them are kept: the last few upgrades can each be undone. */
export const BEFORE_UPGRADE_KEPT = 3;

export interface GuardedMigration {
  readonly source: BackupSource;
  /** Where the archives go (BACKUP_DIR). */
  readonly backupDir: string;
  readonly log: { info(message: string): void; warn(message: string): void };
  /** This release's migrations; tests add a failing one. */
  readonly migrations?: MigrationSet;
}

/**
 * Brings the schema up to date, taking a backup of the database first whenever a migration is
 * about to change one that holds data. A migration that fails leaves the database as it was:
 * PostgreSQL runs them all in one transaction; SQLite, which cannot (its migrations are
 * committed one by one), gets the backup copied back over it. A database a newer release
 * migrated stops this one with the backup that release took to undo it.
 */
export async function migrateWithBackup(guarded: GuardedMigration): Promise<void> {
  const { database } = guarded.source;
  const set = guarded.migrations ?? migrations;
  const pending = await pendingMigrations(database.longWork, database.postgresSchema, set);
  const backup =
    pending.ranBefore && pending.names.length > 0
      ? await backUpBeforeUpgrade(guarded, pending.names)
      : null;
  try {
    await migrateToLatest(database.longWork, database.postgresSchema, set);
  } catch (error) {
    if (error instanceof NewerDatabaseError) {
      const undo = newestArchive(guarded.backupDir, BEFORE_UPGRADE) ?? undefined;
      throw new Error(newerDatabase(error.migration, undo), { cause: error });
    }
    if (!(error instanceof MigrationFailedError)) throw error;
    if (database.dialect === 'postgres') {
      throw new MigrationFailedError(
        `${error.message} Nothing was changed: the migrations run in one transaction.`,
        { cause: error },
      );
    }
    if (!backup) throw error;
    await putBack(backup, guarded.source.sqliteFile, guarded.backupDir);
    throw new MigrationFailedError(
      `${error.message} The database is as it was before: it was copied back from ${backup}.`,
      { cause: error },
    );
  }
}

async function backUpBeforeUpgrade(
  guarded: GuardedMigration,
  pending: readonly string[],
): Promise<string | null> {
  try {
    const report = await writeBackup(guarded.source, {
      to: guarded.backupDir,
      kind: BEFORE_UPGRADE,
      listMedia: false,
      withMedia: false,
    });
    pruneArchives(guarded.backupDir, BEFORE_UPGRADE, BEFORE_UPGRADE_KEPT);
    guarded.log.info(
      `Backed up the database before ${pending.length} migration(s), up to ${pending.at(-1)}: ` +
        `${report.file}`,
    );
    return report.file;
  } catch (error) {
    // Where no backup can be taken (pg_dump missing), PostgreSQL's transaction still protects.
    if (!(error instanceof DatabaseCopyError)) throw error;
    guarded.log.warn(`No backup was taken before migrating the database: ${error.message}`);
    return null;
  }
}

/** Copies the archive's database back over the live SQLite file. */
async function putBack(archive: string, sqliteFile: string, backupDir: string): Promise<void> {
  const staging = fs.mkdtempSync(path.join(backupDir, '.put-back-'));
  try {
    const backup = await readBackup(archive, staging);
    await copySqlite(backup.fileOf(SQLITE_ENTRY), sqliteFile);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
