import type { RegisterModule } from '../../module';
import { seedRoutes } from './seed.routes';

/** The development-only seeding of test users. */
export const registerSeedModule: RegisterModule = async (api, _c, s) => {
  await api.register(seedRoutes, { prefix: '/general/seed', seeding: s.seeding });
};
