import type { RegisterModule } from '../../module';
import { listeningStatsRoutes } from './listening-stats.routes';

/** A listener's statistics, years in music and "On this day", from counts kept with each play. */
export const registerListeningStatsModule: RegisterModule = async (api, c, s) => {
  await api.register(listeningStatsRoutes, {
    prefix: '/user',
    stats: s.listeningStats,
    urls: c.mediaUrls,
  });
};
