import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { generalRoutes } from './general.routes';

/** What anyone may read about the site: its public configuration. */
export async function registerGeneralModule(api: FastifyInstance, c: Container): Promise<void> {
  await api.register(generalRoutes, { prefix: '/general', config: c.config });
}
