import type { RegisterModule } from '../../module';
import { bookmarksRoutes } from './bookmarks.routes';

/**
 * Places kept in songs, to resume there. The web reads and writes them here; `/rest` (the
 * subsonic module) through the same service.
 */
export const registerBookmarksModule: RegisterModule = async (api, c, s) => {
  await api.register(bookmarksRoutes, {
    prefix: '/user',
    bookmarks: s.bookmarks,
    urls: c.mediaUrls,
  });
};
