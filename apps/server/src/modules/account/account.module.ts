import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { transactor } from '../../db/transactor';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AccountSessionsRepository } from '../auth/account-sessions.repository';
import { PasswordResetsRepository } from '../auth/password-resets.repository';
import { RevokedTokensRepository } from '../auth/revoked-tokens.repository';
import { TokenSigner } from '../auth/tokens';
import { UsersRepository } from '../users/users.repository';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';
import { EmailChangesRepository } from './email-changes.repository';

/** A listener's own account settings: name, e-mail, password, sessions, re-authentication. */
export async function registerAccountModule(api: FastifyInstance, c: Container): Promise<void> {
  const { db } = c.database;
  const account = new AccountService({
    config: c.config,
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      accountSessions: new AccountSessionsRepository(trx),
      apiKeys: new ApiKeysRepository(trx),
      resets: new PasswordResetsRepository(trx),
      emailChanges: new EmailChangesRepository(trx),
    })),
    users: new UsersRepository(db),
    accountSessions: new AccountSessionsRepository(db),
    revoked: new RevokedTokensRepository(db),
    sessionCache: c.sessionCache,
    tokens: new TokenSigner(c.jwtSecret),
    passwords: c.passwords,
    passwordPolicy: c.passwordPolicy,
    mailer: c.mailer,
    log: api.log,
    clock: c.clock,
  });
  await api.register(accountRoutes, { prefix: '/user/account', account, limits: c.rateLimits });
}
