import type { RegisterModule } from '../../module';
import { sharesRoutes } from './shares.routes';

/**
 * Public links to songs, albums and playlists, played by visitors without an account. Listeners
 * make them here and in apps (`createShare`, through the same service).
 */
export const registerSharesModule: RegisterModule = async (api, c, s) => {
  await api.register(sharesRoutes, {
    shares: s.shares,
    urls: c.mediaUrls,
    visitsLimit: c.rateLimits.sharedPages,
  });
};
