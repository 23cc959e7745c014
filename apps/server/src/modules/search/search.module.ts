import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { SearchRepository } from './search.repository';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';

/** Full-text search over the library. */
export async function registerSearchModule(api: FastifyInstance, c: Container): Promise<void> {
  const repository = new SearchRepository(c.database.db, c.database.dialect);
  const search = new SearchService(repository);
  await api.register(searchRoutes, { prefix: '/user/songs', search, urls: c.mediaUrls });
}
