import fs from 'node:fs';
import path from 'node:path';
import { NEWEST_MIGRATION } from '../db/migrations/all';
import { openDatabase } from '../db/database';
import {
  currentSchema,
  loadPostgresDump,
  prepareForDump,
  sqliteOpenElsewhere,
  tablesInSchema,
} from '../db/database-copies';
import { POSTGRES_ENTRY, SECRET_ENTRY, SQLITE_ENTRY } from './backup-manifest';
import { BackupArchiveError, type CheckedBackup } from './read-backup';

/** Where a backup is restored to: the data folder and database the server is set up with. */
export interface RestoreTarget {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** JWT_SECRET, when set: the backup's own secret must take its place for app keys to work. */
  readonly configuredJwtSecret: string | undefined;
}

export interface RestoreOptions {
  /** Set an existing SQLite database aside (kept beside it) rather than refuse. */
  readonly replace: boolean;
}

export interface RestoredDatabase {
  /** What was set aside, kept under a `.before-restore-…` name. */
  readonly setAside: readonly string[];
  /** Said when JWT_SECRET differs from the backup's secret. */
  readonly warnings: readonly string[];
}

/**
 * Puts the backup's database and signing secret in place. It refuses, changing nothing, a backup
 * of the other kind of database, one a newer release took, a SQLite database a running server
 * has open (or any, without `replace`), and a PostgreSQL schema that holds tables already.
 */
export async function restoreDatabase(
  backup: CheckedBackup,
  target: RestoreTarget,
  options: RestoreOptions,
): Promise<RestoredDatabase> {
  const { manifest } = backup;
  const expected = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== expected) {
    throw new BackupArchiveError(
      `This backup holds a ${name(manifest.database)} database and the server is set up for ` +
        `${name(expected)} (${target.databaseUrl ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}).`,
    );
  }
  if (manifest.schema > NEWEST_MIGRATION) {
    throw new BackupArchiveError(
      `This backup was taken by a newer release of Cadenza (${manifest.release}, schema ` +
        `${manifest.schema}; this release knows schemas up to ${NEWEST_MIGRATION}): restore it ` +
        'with that release or a later one.',
    );
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const setAside: string[] = [];
  if (target.databaseUrl) {
    await restorePostgres(backup, target.databaseUrl);
  } else {
    setAside.push(...restoreSqlite(backup, target.dataDir, stamp, options));
  }
  const secret = fs.readFileSync(backup.fileOf(SECRET_ENTRY), 'utf8').trim();
  const secretFile = path.join(target.dataDir, 'jwt-secret');
  if (fs.existsSync(secretFile) && fs.readFileSync(secretFile, 'utf8').trim() !== secret) {
    setAside.push(setFileAside(secretFile, stamp));
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  fs.writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  const warnings =
    target.configuredJwtSecret !== undefined && target.configuredJwtSecret !== secret
      ? [
          'JWT_SECRET differs from the secret this backup signed with: its app keys, sessions ' +
            `and links work again once JWT_SECRET is set to the content of ${secretFile}.`,
        ]
      : [];
  return { setAside, warnings };
}

const name = (dialect: 'sqlite' | 'postgres') => (dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');

function setFileAside(file: string, stamp: string): string {
  const aside = `${file}.before-restore-${stamp}`;
  fs.renameSync(file, aside);
  return aside;
}

function restoreSqlite(
  backup: CheckedBackup,
  dataDir: string,
  stamp: string,
  options: RestoreOptions,
): string[] {
  const file = path.join(dataDir, 'cadenza.db');
  if (sqliteOpenElsewhere(file)) {
    throw new BackupArchiveError(
      `${file} is open in another program, a running server most likely: stop it, then restore.`,
    );
  }
  const setAside: string[] = [];
  if (fs.existsSync(file)) {
    if (!options.replace) {
      throw new BackupArchiveError(
        `${dataDir} holds a database already. Restore into an empty data folder, or pass ` +
          '--replace to set the present one aside (kept beside it) and restore over it.',
      );
    }
    // Its write-ahead log and index go with it, so that the copy set aside stays whole.
    for (const suffix of ['-wal', '-shm', '']) {
      if (fs.existsSync(`${file}${suffix}`)) {
        const aside = `${file}.before-restore-${stamp}${suffix}`;
        fs.renameSync(`${file}${suffix}`, aside);
        if (suffix === '') setAside.push(aside);
      }
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.renameSync(backup.fileOf(SQLITE_ENTRY), file);
  return setAside;
}

async function restorePostgres(backup: CheckedBackup, databaseUrl: string): Promise<void> {
  const dumped = backup.manifest.postgresSchema ?? 'public';
  const database = openDatabase({ databaseUrl, sqlitePath: '' });
  try {
    const schema = await currentSchema(database.db);
    if (schema !== dumped) {
      throw new BackupArchiveError(
        `This backup holds the schema ${dumped}, and DATABASE_URL uses ${schema}: point it at ` +
          `${dumped} (for example ?options=-c%20search_path%3D${dumped}).`,
      );
    }
    const tables = await tablesInSchema(database.db, schema);
    if (tables > 0) {
      throw new BackupArchiveError(
        `The schema ${schema} of DATABASE_URL holds ${tables} tables already: restore into an ` +
          'empty database (or drop the schema first, once you are sure of it).',
      );
    }
    await prepareForDump(database.db, schema);
  } finally {
    await database.close();
  }
  await loadPostgresDump(databaseUrl, backup.fileOf(POSTGRES_ENTRY));
}
