import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnection } from '../../redis-connection';
import { redisBroadcast, type RedisBroadcast } from '../../redis-broadcast';
import type { SessionCache, SessionChange } from './session-cache';

function sessionChangeOf(value: unknown): SessionChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id } = value as Partial<SessionChange>;
  if (typeof id !== 'string' || (kind !== 'token' && kind !== 'user')) return null;
  return { kind, id };
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
  return redisBroadcast(
    redis,
    prefix,
    {
      name: 'sessions',
      parse: sessionChangeOf,
      heard: (change) => cache.heard(change),
      reset: () => cache.reset(),
      lateWarning:
        'a server node did not confirm a session change in time: it may accept the session until its cache expires',
    },
    log,
  );
}
