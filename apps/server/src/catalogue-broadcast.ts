import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BroadcastTopic } from './broadcast';
import type { CatalogueChange, CatalogueChanges } from './catalogue-changes';
import { postgresBroadcast, type PostgresBroadcast } from './db/postgres-broadcast';
import type { RedisConnection } from './redis-connection';
import { redisBroadcast, type RedisBroadcast } from './redis-broadcast';

function catalogueTopic(changes: CatalogueChanges): BroadcastTopic<CatalogueChange> {
  return {
    name: 'catalogue',
    parse: (value) => (value === 'changed' ? 'changed' : null),
    heard: () => changes.heard(),
    reset: () => changes.heard(),
    lateWarning:
      'a server node did not confirm a catalogue change in time: it may serve song pages kept from before it until the next change',
  };
}

/**
 * Catalogue changes shared through the Redis channel `<prefix>catalogue`: a write answered on
 * one node has dropped what every other node kept of the catalogue before it is answered.
 */
export function redisCatalogueBroadcast(
  redis: RedisConnection,
  prefix: string,
  changes: CatalogueChanges,
  log: FastifyBaseLogger,
): Promise<RedisBroadcast<CatalogueChange>> {
  return redisBroadcast<CatalogueChange>(redis, prefix, catalogueTopic(changes), log);
}

/**
 * Catalogue changes shared through PostgreSQL (no Redis): each write's transaction notifies
 * the other nodes as it commits, and they drop what they kept of the catalogue when they hear.
 */
export function postgresCatalogueBroadcast(
  connect: () => pg.Client,
  prefix: string,
  changes: CatalogueChanges,
  log: FastifyBaseLogger,
): Promise<PostgresBroadcast<CatalogueChange>> {
  return postgresBroadcast<CatalogueChange>(connect, prefix, catalogueTopic(changes), log);
}
