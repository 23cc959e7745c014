import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { SongsRepository } from '../songs/songs.repository';
import { CatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { CatalogueService } from './catalogue.service';
import { HomeService } from './home.service';

/** Albums and artists: browsing them, and the rows of Home. */
export async function registerCatalogueModule(api: FastifyInstance, c: Container): Promise<void> {
  const repository = new CatalogueRepository(c.database.db, c.database.longReads);
  const catalogue = new CatalogueService(repository);
  const home = new HomeService(repository, new SongsRepository(c.database.db));
  await api.register(catalogueRoutes, { prefix: '/user', catalogue, home, urls: c.mediaUrls });
}
