import type { RegisterModule } from '../../module';
import { secondFactorRoutes } from './second-factor.routes';

/** Listeners turn two-factor sign-in on and off. */
export const registerSecondFactorModule: RegisterModule = async (api, c, s) => {
  await api.register(secondFactorRoutes, {
    prefix: '/user/two-factor',
    secondFactor: s.secondFactor,
    limit: c.rateLimits.secondFactor,
  });
};
