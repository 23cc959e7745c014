import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { transactor } from '../../db/transactor';
import { authServiceOf } from '../auth/auth.module';
import { RevokedTokensRepository } from '../auth/revoked-tokens.repository';
import { SignedTickets } from '../auth/signed-tickets';
import { SiteSettingsRepository } from '../settings/site-settings.repository';
import { siteSettingsOf } from '../settings/site-settings.service';
import { UsersRepository } from '../users/users.repository';
import { ExternalAccountsService } from './external-accounts.service';
import { ExternalIdentitiesRepository } from './external-identities.repository';
import { OidcClient } from './oidc-client';
import { singleSignOnRoutes } from './single-sign-on.routes';
import { SingleSignOnService } from './single-sign-on.service';

/** Sign-in through an OpenID provider (OIDC_ISSUER) and a trusted proxy (AUTH_PROXY_HEADER). */
export async function registerSingleSignOnModule(
  api: FastifyInstance,
  c: Container,
): Promise<void> {
  const { db } = c.database;
  const { oidc } = c.config;
  const settings = siteSettingsOf(new SiteSettingsRepository(db), c.config);
  const accounts = new ExternalAccountsService({
    users: new UsersRepository(db),
    identities: new ExternalIdentitiesRepository(db),
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      identities: new ExternalIdentitiesRepository(trx),
    })),
    passwords: c.passwords,
    sessionCache: c.sessionCache,
    // Signing in through a provider or a proxy makes an account only where anyone may sign up.
    newAccountsAllowed: async () => (await settings.get('registration')) === 'open',
  });
  const signOn = new SingleSignOnService({
    oidc: oidc
      ? {
          client: new OidcClient(oidc, `${c.config.publicUrl}/api/auth/oidc/callback`),
          settings: oidc,
        }
      : null,
    accounts,
    auth: authServiceOf(c, api.log),
    stateTickets: new SignedTickets(c.jwtSecret, 'oidc-state'),
    handoffTickets: new SignedTickets(c.jwtSecret, 'oidc-handoff'),
    revoked: new RevokedTokensRepository(db),
    log: api.log,
  });
  await api.register(singleSignOnRoutes, {
    prefix: '/auth',
    signOn,
    config: c.config,
    limits: c.rateLimits,
  });
}
