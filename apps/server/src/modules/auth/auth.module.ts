import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { authPlugin } from '../../plugins/auth';
import { transactor } from '../../db/transactor';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { secondFactorServiceOf } from '../second-factor/second-factor.module';
import { SiteSettingsRepository } from '../settings/site-settings.repository';
import { siteSettingsOf } from '../settings/site-settings.service';
import { UsersRepository } from '../users/users.repository';
import { AccountSessionsRepository } from './account-sessions.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { LoginLimits } from './login-limits.service';
import { PasswordResetsRepository } from './password-resets.repository';
import { resetLinksOf } from './reset-links';
import { RevokedTokensRepository } from './revoked-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { SignedTickets } from './signed-tickets';
import { TokenSigner } from './tokens';

/** Accounts and sessions, built from the container (every instance shares its caches). */
export function authServiceOf(c: Container, log: FastifyBaseLogger): AuthService {
  const { db } = c.database;
  return new AuthService({
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      resets: new PasswordResetsRepository(trx),
      accountSessions: new AccountSessionsRepository(trx),
      apiKeys: new ApiKeysRepository(trx),
      invitations: new InvitationsRepository(trx),
    })),
    users: new UsersRepository(db),
    resets: new PasswordResetsRepository(db),
    resetLinks: resetLinksOf(c, log),
    invitations: new InvitationsRepository(db),
    settings: siteSettingsOf(new SiteSettingsRepository(db), c.config),
    activity: c.lastActivity,
    revoked: new RevokedTokensRepository(db),
    sessions: new SessionsRepository(db),
    accountSessions: new AccountSessionsRepository(db),
    sessionCache: c.sessionCache,
    tokens: new TokenSigner(c.jwtSecret),
    passwords: c.passwords,
    passwordPolicy: c.passwordPolicy,
    afterAnswer: c.afterAnswer,
    log,
    clock: c.clock,
    secondFactor: secondFactorServiceOf(c),
    challenges: new SignedTickets(c.jwtSecret, 'second-factor-challenge'),
  });
}

/** Accounts and sessions; also installs the guards (`requireUser`, `requireAdmin`) every module uses. */
export async function registerAuthModule(api: FastifyInstance, c: Container): Promise<void> {
  const auth = authServiceOf(c, api.log);
  await api.register(authPlugin, { authenticate: (token) => auth.authenticate(token) });
  await api.register(authRoutes, {
    prefix: '/auth',
    auth,
    limits: c.rateLimits,
    loginLimits: new LoginLimits(new LoginAttemptsRepository(c.database.db)),
  });
}
