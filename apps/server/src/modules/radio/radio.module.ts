import type { RegisterModule } from '../../module';
import { radioRoutes } from './radio.routes';

/** Radio: endless stations from a song, album, artist, genre or playlist, and Home's mixes. */
export const registerRadioModule: RegisterModule = async (api, c, s) => {
  await api.register(radioRoutes, { prefix: '/user', radio: s.radio, urls: c.mediaUrls });
};
