import Fastify from 'fastify';
import { loadConfig, type Config } from '../config';
import { composeServices, type Services } from '../composition';
import { createContainer, type Container } from '../container';
import { backupSourceOf } from '../backup/backup-source';
import { migrateWithBackup } from '../backup/migrate-with-backup';
import { joinNodeBroadcasts } from '../node-broadcasts';
import { connectRedis } from '../redis-connection';
import { warn } from './command';

export interface Opened {
  readonly config: Config;
  readonly container: Container;
  readonly services: Services;
}

/**
 * Runs `work` against the database, media and data folder the server uses (the same
 * environment), joined to the running nodes' broadcasts so that they hear of its changes at
 * once (a disabled account's sessions end, a scan's songs show), and closes everything after.
 * `migrate: false` leaves the schema as it is (the doctor only looks).
 */
export async function withServices<T>(
  work: (opened: Opened) => Promise<T>,
  { migrate = true }: { readonly migrate?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const container = createContainer(config);
  // What goes wrong is printed by the command; the services log nothing of their own.
  const log = Fastify({ logger: false }).log;
  try {
    if (migrate) {
      await migrateWithBackup({
        source: backupSourceOf(container),
        backupDir: config.backups.dir,
        log: { info: warn, warn },
      });
    }
    const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
    const broadcasts = await joinNodeBroadcasts(container, redis, log);
    try {
      return await work({ config, container, services: composeServices(container, log) });
    } finally {
      await broadcasts.close();
      redis?.close();
    }
  } finally {
    await container.close();
  }
}
