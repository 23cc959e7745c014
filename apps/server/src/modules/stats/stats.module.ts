import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { StatsRepository } from './stats.repository';
import { statsRoutes } from './stats.routes';
import { StatsService } from './stats.service';

/** The site's counts: public ones for the landing page, and the admin dashboard's. */
export async function registerStatsModule(api: FastifyInstance, c: Container): Promise<void> {
  const stats = new StatsService(new StatsRepository(c.database.db));
  await api.register(statsRoutes, { stats });
}
