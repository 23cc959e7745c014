import type { RegisterModule } from '../../module';
import { podcastsRoutes } from './podcasts.routes';

/**
 * Podcasts an administrator subscribes to, played by every listener. `/rest` (the subsonic
 * module) reaches them through the same service; main.ts schedules their refresh.
 */
export const registerPodcastsModule: RegisterModule = async (api, c, s) => {
  await api.register(podcastsRoutes, { podcasts: s.podcasts, urls: c.mediaUrls });
};
