import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { SearchRepository } from '../search/search.repository';
import { SearchService } from '../search/search.service';
import { CatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { CatalogueService } from './catalogue.service';

/** Albums and artists: browsing them, and searching them with songs. */
export async function registerCatalogueModule(api: FastifyInstance, c: Container): Promise<void> {
  const search = new SearchService(new SearchRepository(c.database.db, c.database.dialect));
  const catalogue = new CatalogueService(new CatalogueRepository(c.database.db), search);
  await api.register(catalogueRoutes, { prefix: '/user', catalogue, urls: c.mediaUrls });
}
