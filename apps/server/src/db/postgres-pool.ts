import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * How much longer than the server's `statement_timeout` the client waits for an answer. A live
 * server cancels the statement itself first (the connection stays usable); only one that does
 * not answer at all (stopped, frozen, cut off) is given up on by the client.
 */
export const CLIENT_TIMEOUT_MARGIN_MS = 500;

/** An idle connection is closed after this long; a dead one is found by TCP keepalive. */
const IDLE_TIMEOUT_MS = 30_000;
const KEEPALIVE_DELAY_MS = 10_000;

export interface PostgresPoolLimits {
  /** Connections at most. */
  readonly max: number;
  /** The server's `statement_timeout` for every statement of the pool's connections. */
  readonly statementTimeoutMs: number;
  /** How long opening a connection, or waiting for a free one, may take. */
  readonly connectTimeoutMs: number;
}

/**
 * The pool settings that keep a stalled or vanished server from holding requests: a statement
 * limit enforced by the server, the same limit (plus a margin) enforced by the client for a
 * server that never answers, a bound on waiting for a connection, and keepalive probes.
 */
export function poolConfig(connection: pg.ClientConfig, limits: PostgresPoolLimits): pg.PoolConfig {
  return {
    ...connection,
    max: limits.max,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}

/** node-postgres's error for a query that outlived `query_timeout`. */
export function isClientQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

/** The error of any later query on a connection whose query went unanswered. */
function abandonedConnection(cause: Error): Error {
  return new Error('Connection abandoned after a query went unanswered; it is not queryable', {
    cause,
  });
}

/**
 * node-postgres leaves a connection whose query timed out on the client in the pool, with the
 * query still in flight: every later query on it would wait behind it. Here such a connection
 * answers its later queries (a rollback) with an error at once, and is released with that
 * error, so that the pool closes it and opens a fresh one when next asked.
 */
export function discardingTimedOutClients(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let broken: Error | null = null;
    const query = async (sql: string, parameters: ReadonlyArray<unknown>) => {
      if (broken) throw abandonedConnection(broken);
      try {
        return await client.query(sql, [...parameters]);
      } catch (error) {
        if (isClientQueryTimeout(error)) broken = error as Error;
        throw error;
      }
    };
    return {
      // Kysely calls it with SQL and parameters only (no cursor is configured).
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(broken ?? undefined),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
