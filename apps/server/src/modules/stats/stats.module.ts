import type { RegisterModule } from '../../module';
import { statsRoutes } from './stats.routes';

/** The site's counts: public ones for the landing page, and the admin dashboard's. */
export const registerStatsModule: RegisterModule = async (api, _c, s) => {
  await api.register(statsRoutes, { stats: s.stats });
};
