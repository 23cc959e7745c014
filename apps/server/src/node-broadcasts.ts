import type { FastifyBaseLogger } from 'fastify';
import { postgresCatalogueBroadcast, redisCatalogueBroadcast } from './catalogue-broadcast';
import type { Container } from './container';
import { postgresSessionBroadcast, redisSessionBroadcast } from './modules/auth/session-broadcast';
import type { RedisConnection } from './redis-connection';

/** The broadcasts a process joins, closed together when it ends. */
export interface NodeBroadcasts {
  close(): Promise<void>;
}

/**
 * Joins the other server nodes' broadcasts of ended sessions and catalogue writes: through
 * Redis when they share one, else through PostgreSQL's NOTIFY. A lone SQLite node has none (the
 * server sees another process's writes to the file by itself). Used by the server and by the
 * command line, whose changes the running nodes must hear at once.
 */
export async function joinNodeBroadcasts(
  container: Container,
  redis: RedisConnection | null,
  log: FastifyBaseLogger,
): Promise<NodeBroadcasts> {
  const prefix = container.config.redisKeyPrefix;
  if (redis) {
    const sessions = await redisSessionBroadcast(redis, prefix, container.sessionCache, log);
    container.sessionCache.connect(sessions);
    const catalogue = await redisCatalogueBroadcast(redis, prefix, container.catalogueChanges, log);
    container.catalogueChanges.connect(catalogue);
    return {
      close: () => {
        sessions.close();
        catalogue.close();
        return Promise.resolve();
      },
    };
  }
  const connect = container.database.dedicatedConnection;
  if (!connect) return { close: () => Promise.resolve() };
  const sessions = await postgresSessionBroadcast(connect, prefix, container.sessionCache, log);
  container.sessionCache.connect(sessions);
  const catalogue = await postgresCatalogueBroadcast(
    connect,
    prefix,
    container.catalogueChanges,
    log,
  );
  container.catalogueChanges.connect(catalogue);
  return {
    close: async () => {
      await Promise.all([sessions.close(), catalogue.close()]);
    },
  };
}
