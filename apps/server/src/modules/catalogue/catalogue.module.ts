import type { RegisterModule } from '../../module';
import { catalogueRoutes } from './catalogue.routes';

/** Albums and artists: browsing them, and the rows of Home. */
export const registerCatalogueModule: RegisterModule = async (api, c, s) => {
  await api.register(catalogueRoutes, {
    prefix: '/user',
    catalogue: s.catalogue,
    home: s.home,
    urls: c.mediaUrls,
  });
};
