import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The connection to the Redis that server nodes share (REDIS_URL). Redis is a help, never a
 * dependency: while it cannot be reached, callers are told so at once (`isReady`, or a command
 * that fails within a moment rather than waiting in a queue) and do their work on this node
 * alone, the connection is retried in the background, and the log says so once per outage.
 */
export interface RedisConnection {
  readonly client: Redis;
  /** Connected now: a command sent will most likely be answered. */
  isReady(): boolean;
  /** A command failed (timed out, connection lost): noted once per outage in the log. */
  reportFailure(error: unknown): void;
  /** A command was answered: ends an outage noted by `reportFailure`. */
  reportSuccess(): void;
  close(): void;
}

/** A Redis that answers does so within milliseconds; one that does not is treated as down. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;
/** Reconnection attempts back off to one every this often. */
const MAX_RETRY_DELAY_MS = 2000;

/** Connects (waiting at most a second) and keeps trying in the background if that fails. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  // Loaded only by a server with REDIS_URL: one node alone never needs the client.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    // Commands fail at once while disconnected, instead of waiting for a connection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RETRY_DELAY_MS),
  });
  let down = false;
  let closing = false;
  const markDown = (error: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn(
      { err: error },
      'Redis cannot be reached: rate limits count on each server node alone, and sessions are read from the database on every request, until it is back',
    );
  };
  const markUp = () => {
    if (!down) return;
    down = false;
    log.info(
      'Redis reachable again: rate limits count across server nodes, and recent sessions are remembered',
    );
  };
  client.on('error', markDown);
  // A server that goes away cleanly closes the connection without an error.
  client.on('close', () => markDown(new Error('the connection to Redis was closed')));
  client.on('ready', markUp);
  await client.connect().catch(markDown);
  return {
    client,
    isReady: () => client.status === 'ready',
    reportFailure: markDown,
    reportSuccess: markUp,
    close: () => {
      closing = true;
      client.disconnect();
    },
  };
}
