import type { RegisterModule } from '../../module';
import { accountRoutes } from './account.routes';

/** A listener's own account settings: name, e-mail, password, sessions, re-authentication. */
export const registerAccountModule: RegisterModule = async (api, c, s) => {
  await api.register(accountRoutes, {
    prefix: '/user/account',
    account: s.account,
    limits: c.rateLimits,
  });
};
