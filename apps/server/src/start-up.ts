import type { FastifyBaseLogger } from 'fastify';
import type { Container } from './container';
import { backupSourceOf } from './backup/backup-source';
import { migrateWithBackup } from './backup/migrate-with-backup';
import { ensureFirstAdmin, type FirstAdminResult } from './modules/auth/first-admin';
import { importDemoLibrary, type DemoLibraryDeps } from './modules/songs/demo-library';
import type { Transactor } from './db/transactor';
import type { NewAccountRepositories } from './modules/users/accounts.service';

/** What start-up writes with, built in composition.ts. */
export interface StartUpWork {
  /** The demo library's songs, added in one transaction. */
  readonly demo: Omit<DemoLibraryDeps, 'log'>;
  /** Where the first administrator is made. */
  readonly accounts: Transactor<NewAccountRepositories>;
}

/**
 * What a node does to its database before it serves: migrations (after a backup of a database
 * that holds data), the demo library on an empty library, the first administrator. Nodes starting together against one PostgreSQL database
 * take turns under the start-up lock: the first does the work, the others find it done.
 * Answers the administrator created here, if any (its generated password is shown once).
 */
export function prepareDatabase(
  c: Container,
  work: StartUpWork,
  log: FastifyBaseLogger,
): Promise<FirstAdminResult | null> {
  return c.locks.runExclusively('start-up', async () => {
    await migrateWithBackup({ source: backupSourceOf(c), backupDir: c.config.backups.dir, log });
    if (c.config.demoLibrary) {
      const added = await importDemoLibrary({ ...work.demo, log }, c.demoLibraryDir);
      if (added > 0) log.info(`Demo library: added ${added} songs.`);
    }
    return ensureFirstAdmin(c.config, work.accounts, log, c.sessionCache);
  });
}
