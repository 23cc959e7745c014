import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BroadcastTopic } from '../../broadcast';
import { postgresBroadcast, type PostgresBroadcast } from '../../db/postgres-broadcast';
import type { RedisConnection } from '../../redis-connection';
import { redisBroadcast, type RedisBroadcast } from '../../redis-broadcast';
import type { SessionChange } from '../../domain/session-changes';
import type { SessionCache } from './session-cache';

function sessionChangeOf(value: unknown): SessionChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id } = value as Partial<SessionChange>;
  if (typeof id !== 'string' || (kind !== 'token' && kind !== 'user')) return null;
  return { kind, id };
}

function sessionTopic(cache: SessionCache): BroadcastTopic<SessionChange> {
  return {
    name: 'sessions',
    parse: sessionChangeOf,
    heard: (change) => cache.heard(change),
    reset: () => cache.reset(),
    lateWarning:
      'a server node did not confirm a session change in time: it may accept the session until its cache expires',
  };
}

/**
 * Session changes shared through the Redis channel `<prefix>sessions`: a logout answered on one
 * node is refused on every other at once (decision 048).
 */
export function redisSessionBroadcast(
  redis: RedisConnection,
  prefix: string,
  cache: SessionCache,
  log: FastifyBaseLogger,
): Promise<RedisBroadcast<SessionChange>> {
  return redisBroadcast(redis, prefix, sessionTopic(cache), log);
}

/**
 * Session changes shared through PostgreSQL's NOTIFY (no Redis): a logout is answered once every
 * node listening has heard of it, so that it is refused wherever the session comes next.
 */
export function postgresSessionBroadcast(
  connect: () => pg.Client,
  prefix: string,
  cache: SessionCache,
  log: FastifyBaseLogger,
): Promise<PostgresBroadcast<SessionChange>> {
  return postgresBroadcast(connect, prefix, sessionTopic(cache), log);
}
