import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { CatalogueService } from '../catalogue/catalogue.service';
import { CombinedSearchService } from './combined-search.service';
import { searchRoutes } from './search.routes';
import { searchServiceOver } from './search-over';

/** Searching the catalogue: its songs, and its songs, albums and artists at once. */
export async function registerSearchModule(api: FastifyInstance, c: Container): Promise<void> {
  const search = searchServiceOver(c.database);
  const catalogue = new CatalogueService(
    new CatalogueRepository(c.database.db, c.database.longReads),
  );
  const combined = new CombinedSearchService(search, catalogue);
  await api.register(searchRoutes, { prefix: '/user', search, combined, urls: c.mediaUrls });
}
