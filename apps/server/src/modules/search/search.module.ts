import type { RegisterModule } from '../../module';
import { searchRoutes } from './search.routes';

/** Searching the catalogue: its songs, and its songs, albums and artists at once. */
export const registerSearchModule: RegisterModule = async (api, c, s) => {
  await api.register(searchRoutes, {
    prefix: '/user',
    search: s.search,
    combined: s.combinedSearch,
    urls: c.mediaUrls,
  });
};
