import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AdminUsersService } from '../admin/admin-users.service';
import { adminUsersRoutes } from '../admin/admin-users.routes';
import { coverImagesOf } from '../media/covers';
import { ProfileRepository } from './profile.repository';
import { profileRoutes } from './profile.routes';
import { ProfileService } from './profile.service';
import { UsersRepository } from './users.repository';

/** Listeners' own profiles and the administrators' user management. */
export async function registerUsersModule(api: FastifyInstance, c: Container): Promise<void> {
  const { db } = c.database;
  const users = new UsersRepository(db);
  const profiles = new ProfileService(users, new ProfileRepository(db), c.mediaUrls);
  await api.register(profileRoutes, { prefix: '/user', profiles });
  const adminUsers = new AdminUsersService(users, coverImagesOf(c));
  await api.register(adminUsersRoutes, { prefix: '/admin', adminUsers });
}
