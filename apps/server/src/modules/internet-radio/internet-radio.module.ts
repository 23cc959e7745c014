import type { RegisterModule } from '../../module';
import { stationsRoutes } from './stations.routes';

/**
 * Internet radio stations an administrator lists for everyone. The web reads and edits them
 * here; `/rest` (the subsonic module) through the same service.
 */
export const registerInternetRadioModule: RegisterModule = async (api, _c, s) => {
  await api.register(stationsRoutes, { stations: s.stations });
};
