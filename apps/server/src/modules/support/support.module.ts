import type { RegisterModule } from '../../module';
import { supportInboxRoutes } from './support-inbox.routes';
import { supportRoutes } from './support.routes';

/** Contact messages and feedback: stored, mailed to support, read by administrators. */
export const registerSupportModule: RegisterModule = async (api, c, s) => {
  const { support } = s;
  await api.register(supportRoutes, { prefix: '/support', support, limits: c.rateLimits });
  await api.register(supportInboxRoutes, { prefix: '/admin', support });
};
