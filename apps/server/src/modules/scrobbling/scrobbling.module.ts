import type { RegisterModule } from '../../module';
import { lastFmSettingsRoutes } from './lastfm-settings.routes';
import { scrobblingRoutes } from './scrobbling.routes';

/** Listens sent on to ListenBrainz and Last.fm, and the links that let them. */
export const registerScrobblingModule: RegisterModule = async (api, c, s) => {
  await api.register(scrobblingRoutes, {
    prefix: '/user/scrobbling',
    scrobbling: s.scrobbling,
    connectLimit: c.rateLimits.scrobblingConnect,
  });
  await api.register(lastFmSettingsRoutes, {
    prefix: '/admin/settings/lastfm',
    settings: s.lastFmSettings,
    clock: c.clock,
  });
};
