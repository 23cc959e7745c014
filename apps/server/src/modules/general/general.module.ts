import type { RegisterModule } from '../../module';
import { generalRoutes } from './general.routes';

/** What anyone may read about the site: its public configuration. */
export const registerGeneralModule: RegisterModule = async (api, c, s) => {
  await api.register(generalRoutes, {
    prefix: '/general',
    config: c.config,
    settings: s.siteSettings,
    transcoding: s.transcoder.formats().length > 0,
  });
};
