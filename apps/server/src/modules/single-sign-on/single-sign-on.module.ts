import type { RegisterModule } from '../../module';
import { singleSignOnRoutes } from './single-sign-on.routes';

/** Sign-in through an OpenID provider (OIDC_ISSUER) and a trusted proxy (AUTH_PROXY_HEADER). */
export const registerSingleSignOnModule: RegisterModule = async (api, c, s) => {
  await api.register(singleSignOnRoutes, {
    prefix: '/auth',
    signOn: s.signOn,
    config: c.config,
    limits: c.rateLimits,
  });
};
