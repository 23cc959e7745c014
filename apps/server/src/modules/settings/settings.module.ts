import type { RegisterModule } from '../../module';
import { siteSettingsRoutes } from './site-settings.routes';

/** The site settings the administrator changes in the dashboard. */
export const registerSettingsModule: RegisterModule = async (api, _c, s) => {
  await api.register(siteSettingsRoutes, { prefix: '/admin', settings: s.siteSettings });
};
