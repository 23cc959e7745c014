import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { generalRoutes } from './general.routes';
import { QuickStatsRepository } from './quick-stats.repository';
import { quickStatsRoutes } from './quick-stats.routes';

/** What anyone may read: the public configuration and the landing page's counts. */
export async function registerGeneralModule(api: FastifyInstance, c: Container): Promise<void> {
  await api.register(generalRoutes, { prefix: '/general', config: c.config });
  const stats = new QuickStatsRepository(c.database.db);
  await api.register(quickStatsRoutes, { prefix: '/general', stats });
}
