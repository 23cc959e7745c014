import type { RegisterModule } from '../../module';
import { searchRoutes } from './search.routes';

/** Full-text search over the library. */
export const registerSearchModule: RegisterModule = async (api, c, s) => {
  await api.register(searchRoutes, { prefix: '/user/songs', search: s.search, urls: c.mediaUrls });
};
