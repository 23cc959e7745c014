import type { RegisterModule } from '../../module';
import { apiKeysRoutes } from './api-keys.routes';

/** Listeners make (after proving their password recently), list and revoke their apps' keys. */
export const registerApiKeysModule: RegisterModule = async (api, _c, s) => {
  await api.register(apiKeysRoutes, {
    prefix: '/user/api-keys',
    keys: s.apiKeys,
    recentSignIn: s.recentSignIn,
  });
};
