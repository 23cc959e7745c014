import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueChange, CatalogueChanges } from './catalogue-changes';
import type { RedisConnection } from './redis-connection';
import { redisBroadcast, type RedisBroadcast } from './redis-broadcast';

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
  return redisBroadcast<CatalogueChange>(
    redis,
    prefix,
    {
      name: 'catalogue',
      parse: (value) => (value === 'changed' ? 'changed' : null),
      heard: () => changes.heard(),
      reset: () => changes.heard(),
      lateWarning:
        'a server node did not confirm a catalogue change in time: it may serve song pages kept from before it until the next change',
    },
    log,
  );
}
