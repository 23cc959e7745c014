import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MigrationFailedError, newerDatabase } from '../db/database';
import { migrations } from '../db/migrations/all';
import { backupSourceOf } from './backup-source';
import { archivesOf } from './kept-backups';
import { BEFORE_UPGRADE, BEFORE_UPGRADE_KEPT, migrateWithBackup } from './migrate-with-backup';

/**
 * Migrations as a new release runs them at start, over a database that holds data: a backup
 * first, and a failure that leaves nothing half-done on either database.
 */

let t: TestApp;
let listener: CreatedUser;
let backupDir: string;
const said: string[] = [];
beforeEach(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-upgrade-backups-'));
  said.length = 0;
});
afterEach(async () => {
  await t.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

const log = { info: (line: string) => said.push(line), warn: (line: string) => said.push(line) };

const migrate = (set: Readonly<Record<string, Migration>>) =>
  migrateWithBackup({ source: backupSourceOf(t.container), backupDir, log, migrations: set });

/** A migration of a later release: a table of its own, with a row. */
const addsTable = (table: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable(table).addColumn('id', 'integer').execute();
    await sql`INSERT INTO ${sql.table(table)} (id) VALUES (1)`.execute(db);
  },
});

async function tableExists(name: string): Promise<boolean> {
  const tables = await t.database.db.introspection.getTables();
  return tables.some((table) => table.name === name);
}

async function ran(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(
    t.database.db,
  );
  return rows.map((row) => row.name).sort();
}

const logIn = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: listener.user.email, password: listener.password },
  });

describe('migrations over a database that holds data', () => {
  it(
    'are preceded by a backup, of which the last three are kept',
    { timeout: 60_000 },
    async () => {
      let set: Record<string, Migration> = { ...migrations };
      await migrate(set);
      expect(archivesOf(backupDir, BEFORE_UPGRADE)).toEqual([]); // nothing to migrate, no backup

      for (const step of [1, 2, 3, 4]) {
        set = { ...set, [`2099-01-0${step}-release-${step}`]: addsTable(`upgrade_probe_${step}`) };
        await migrate(set);
      }
      expect(await tableExists('upgrade_probe_4')).toBe(true);
      expect(archivesOf(backupDir, BEFORE_UPGRADE)).toHaveLength(BEFORE_UPGRADE_KEPT);
      expect(said.filter((line) => line.startsWith('Backed up the database before'))).toHaveLength(
        4,
      );
      expect(said.at(-1)).toMatch(
        /before 1 migration\(s\), up to 2099-01-04-release-4: \S+\.tar\.gz$/,
      );
    },
  );

  it(
    'that fails leaves the database as it was and names the failing migration',
    { timeout: 60_000 },
    async () => {
      const before = await ran();
      const failing = migrate({
        ...migrations,
        '2099-01-01-adds-a-table': addsTable('upgrade_probe'),
        '2099-01-02-fails': {
          async up() {
            throw new Error('the disk is full');
          },
        },
      });
      await expect(failing).rejects.toThrow(MigrationFailedError);
      const message = await failing.catch((error: Error) => error.message);
      expect(message).toContain('Database migration failed (2099-01-02-fails)');
      expect(message).toContain('the disk is full');
      expect(message).toMatch(
        t.database.dialect === 'sqlite'
          ? /The database is as it was before: it was copied back from \S+cadenza-before-upgrade-\S+\.tar\.gz\.$/
          : /Nothing was changed: the migrations run in one transaction\.$/,
      );
      expect(await tableExists('upgrade_probe')).toBe(false);
      expect(await ran()).toEqual(before);
      expect((await logIn()).statusCode).toBe(200);
    },
  );

  it(
    'of a newer release stop this one with the backup that release took',
    { timeout: 60_000 },
    async () => {
      await migrate({ ...migrations, '2099-01-01-newer': addsTable('upgrade_probe') });
      const [archive] = archivesOf(backupDir, BEFORE_UPGRADE);
      expect(archive).toBeDefined();

      const older = await migrate(migrations).then(
        () => 'no error',
        (error: Error) => error.message,
      );
      expect(older).toBe(newerDatabase('2099-01-01-newer', archive));
      expect(older).toContain(`(cadenza restore --replace ${archive})`);
      expect(older.split('\n')).toHaveLength(1);
    },
  );
});
