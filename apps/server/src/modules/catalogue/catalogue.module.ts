import type { RegisterModule } from '../../module';
import { adminAlbumsRoutes } from './admin-albums.routes';
import { catalogueLikesRoutes } from './catalogue-likes.routes';
import { catalogueRoutes } from './catalogue.routes';

/** Albums and artists: browsing and liking them, the rows of Home, and the admin's album edit. */
export const registerCatalogueModule: RegisterModule = async (api, c, s) => {
  await api.register(catalogueRoutes, {
    prefix: '/user',
    catalogue: s.catalogue,
    home: s.home,
    urls: c.mediaUrls,
  });
  await api.register(catalogueLikesRoutes, {
    prefix: '/user',
    likes: s.catalogueLikes,
    urls: c.mediaUrls,
  });
  await api.register(adminAlbumsRoutes, {
    prefix: '/admin/albums',
    editing: s.albumEditing,
    covers: s.covers,
    urls: c.mediaUrls,
  });
};
