import type { FastifyBaseLogger } from 'fastify';
import type { Container } from './container';
import { migrateToLatest } from './db/database';
import { transactor } from './db/transactor';
import { ensureFirstAdmin, type FirstAdminResult } from './modules/auth/first-admin';
import { coverImagesOf } from './modules/images/covers';
import { importDemoLibrary } from './modules/songs/demo-library';
import { SongsRepository } from './modules/songs/songs.repository';
import { UsersRepository } from './modules/users/users.repository';

/**
 * What a node does to its database before it serves: migrations, the demo library on an empty
 * library, the first administrator. Nodes starting together against one PostgreSQL database
 * take turns under the start-up lock: the first does the work, the others find it done.
 * Answers the administrator created here, if any (its generated password is shown once).
 */
export function prepareDatabase(
  c: Container,
  log: FastifyBaseLogger,
): Promise<FirstAdminResult | null> {
  return c.locks.runExclusively('start-up', async () => {
    const { db, longWork, postgresSchema } = c.database;
    await migrateToLatest(longWork, postgresSchema);
    if (c.config.demoLibrary) {
      const deps = {
        transact: transactor(db, (trx) => new SongsRepository(trx)),
        songs: new SongsRepository(db),
        objects: c.objects,
        covers: coverImagesOf(c),
        log,
      };
      const added = await importDemoLibrary(deps, c.demoLibraryDir);
      if (added > 0) log.info(`Demo library: added ${added} songs.`);
    }
    return ensureFirstAdmin(c.config, new UsersRepository(db), log, c.sessionCache);
  });
}
