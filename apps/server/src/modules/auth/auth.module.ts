import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { authPlugin } from '../../plugins/auth';
import { transactor } from '../../db/transactor';
import { secondFactorServiceOf } from '../second-factor/second-factor.module';
import { UsersRepository } from '../users/users.repository';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AccountSessionsRepository } from './account-sessions.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { LoginLimits } from './login-limits.service';
import { PasswordResetsRepository } from './password-resets.repository';
import { RevokedTokensRepository } from './revoked-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { SignedTickets } from './signed-tickets';
import { TokenSigner } from './tokens';

/** Accounts and sessions, built from the container (every instance shares its caches). */
export function authServiceOf(c: Container, log: FastifyBaseLogger): AuthService {
  const { db } = c.database;
  return new AuthService({
    config: c.config,
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      resets: new PasswordResetsRepository(trx),
      accountSessions: new AccountSessionsRepository(trx),
      apiKeys: new ApiKeysRepository(trx),
    })),
    users: new UsersRepository(db),
    resets: new PasswordResetsRepository(db),
    revoked: new RevokedTokensRepository(db),
    sessions: new SessionsRepository(db),
    accountSessions: new AccountSessionsRepository(db),
    sessionCache: c.sessionCache,
    tokens: new TokenSigner(c.jwtSecret),
    mailer: c.mailer,
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
