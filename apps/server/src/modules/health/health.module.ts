import type { RegisterModule } from '../../module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness probes for load balancers and orchestrators. */
export const registerHealthModule: RegisterModule = async (api, _c, s) => {
  await api.register(healthRoutes, { health: s.health });
};
