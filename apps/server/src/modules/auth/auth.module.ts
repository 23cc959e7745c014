import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { authPlugin } from '../../plugins/auth';
import { transactor } from '../../db/transactor';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { SiteSettingsRepository } from '../settings/site-settings.repository';
import { siteSettingsOf } from '../settings/site-settings.service';
import { UsersRepository } from '../users/users.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { PasswordResetsRepository } from './password-resets.repository';
import { resetLinksOf } from './reset-links';
import { RevokedTokensRepository } from './revoked-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { TokenSigner } from './tokens';

/** Accounts and sessions; also installs the guards (`requireUser`, `requireAdmin`) every module uses. */
export async function registerAuthModule(api: FastifyInstance, c: Container): Promise<void> {
  const { db } = c.database;
  const auth = new AuthService({
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      resets: new PasswordResetsRepository(trx),
      invitations: new InvitationsRepository(trx),
    })),
    users: new UsersRepository(db),
    resets: new PasswordResetsRepository(db),
    resetLinks: resetLinksOf(c, api.log),
    invitations: new InvitationsRepository(db),
    settings: siteSettingsOf(new SiteSettingsRepository(db), c.config),
    activity: c.lastActivity,
    revoked: new RevokedTokensRepository(db),
    sessions: new SessionsRepository(db),
    sessionCache: c.sessionCache,
    tokens: new TokenSigner(c.jwtSecret),
    passwords: c.passwords,
  });
  await api.register(authPlugin, { authenticate: (token) => auth.authenticate(token) });
  await api.register(authRoutes, { prefix: '/auth', auth, limits: c.rateLimits });
}
