import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { resetLinksOf } from '../auth/reset-links';
import { coverImagesOf } from '../images/covers';
import { AccountsService } from './accounts.service';
import { adminUsersRoutes } from './admin-users.routes';
import { ProfileRepository } from './profile.repository';
import { profileRoutes } from './profile.routes';
import { usersPolicy } from './users.policy';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Accounts: listeners' own profiles and the administrators' user management. */
export async function registerUsersModule(api: FastifyInstance, c: Container): Promise<void> {
  const { db } = c.database;
  const users = new UsersService(
    new UsersRepository(db),
    new ProfileRepository(db),
    coverImagesOf(c),
    usersPolicy,
    c.sessionCache,
  );
  await api.register(profileRoutes, { prefix: '/user', users, urls: c.mediaUrls });
  const accounts = new AccountsService({
    users: new UsersRepository(db),
    passwords: c.passwords,
    passwordPolicy: c.passwordPolicy,
    resetLinks: resetLinksOf(c, api.log),
    sessions: c.sessionCache,
  });
  await api.register(adminUsersRoutes, { prefix: '/admin', users, accounts });
}
