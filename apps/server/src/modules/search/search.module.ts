import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { searchRoutes } from './search.routes';
import { searchServiceOver } from './search-over';

/** Full-text search over the library. */
export async function registerSearchModule(api: FastifyInstance, c: Container): Promise<void> {
  const search = searchServiceOver(c.database);
  await api.register(searchRoutes, { prefix: '/user/songs', search, urls: c.mediaUrls });
}
