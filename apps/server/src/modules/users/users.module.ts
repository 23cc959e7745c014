import type { RegisterModule } from '../../module';
import { adminUsersRoutes } from './admin-users.routes';
import { profileRoutes } from './profile.routes';

/** Accounts: listeners' own profiles and the administrators' user management. */
export const registerUsersModule: RegisterModule = async (api, c, s) => {
  const { users } = s;
  await api.register(profileRoutes, { prefix: '/user', users, urls: c.mediaUrls });
  await api.register(adminUsersRoutes, { prefix: '/admin', users, accounts: s.accounts });
};
