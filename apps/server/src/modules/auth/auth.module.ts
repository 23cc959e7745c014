import type { RegisterModule } from '../../module';
import { authPlugin } from '../../plugins/auth';
import { authRoutes } from './auth.routes';

/** Accounts and sessions; also installs the guards (`requireUser`, `requireAdmin`) every module uses. */
export const registerAuthModule: RegisterModule = async (api, c, s) => {
  const { auth } = s;
  await api.register(authPlugin, { authenticate: (token) => auth.authenticate(token) });
  await api.register(authRoutes, {
    prefix: '/auth',
    auth,
    limits: c.rateLimits,
    loginLimits: s.loginLimits,
  });
};
