import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { migrations } from '../../db/migrations/all';
import { HealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { HealthService } from './health.service';

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function registerHealthModule(api: FastifyInstance, c: Container): Promise<void> {
  const health = new HealthService({
    repository: new HealthRepository(c.database.db),
    objects: c.objects,
    migrationNames: Object.keys(migrations),
    log: api.log,
  });
  await api.register(healthRoutes, { health });
}
