import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { SeedRepository } from './seed.repository';
import { seedRoutes } from './seed.routes';
import { SeedService } from './seed.service';

/** The development-only seeding of test users. */
export async function registerSeedModule(api: FastifyInstance, c: Container): Promise<void> {
  const seeding = new SeedService(new SeedRepository(c.database.db), c.config.enableSeedUsers);
  await api.register(seedRoutes, { prefix: '/general/seed', seeding });
}
