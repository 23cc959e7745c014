import type { RegisterModule } from '../../module';
import { relayKeyOf } from './station-relay.service';
import { stationsRoutes } from './stations.routes';

/**
 * Internet radio stations an administrator lists for everyone. The web reads and edits them
 * here and listen through the server's relay (`/media/radio/:id`, the delivery module); `/rest`
 * (the subsonic module) reads them through the same service, and apps play them directly.
 */
export const registerInternetRadioModule: RegisterModule = async (api, c, s) => {
  await api.register(stationsRoutes, {
    stations: s.stations,
    listenUrlOf: (id) => c.mediaUrls.audio(relayKeyOf(id)),
  });
};
