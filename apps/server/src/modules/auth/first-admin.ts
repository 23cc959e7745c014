import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Transactor } from '../../db/transactor';
import { newId } from '../../ids';
import { USERS_COUNTER } from '../stats/counters.repository';
import type { NewAccountRepositories } from '../users/accounts.service';
import type { SessionInvalidation } from '../../domain/session-changes';
import { hashPassword } from './passwords';

export interface FirstAdminResult {
  readonly email: string;
  /** Set only when the password was generated here: it is shown this once and never again. */
  readonly generatedPassword: string | null;
}

/**
 * Creates the first administrator whenever no admin exists: from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * with a generated password that is printed once. An existing user with that e-mail is promoted.
 */
export async function ensureFirstAdmin(
  config: Config,
  accounts: Transactor<NewAccountRepositories>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  sessions: SessionInvalidation,
): Promise<FirstAdminResult | null> {
  if (await accounts(({ users }) => users.adminExists())) return null;
  const generatedPassword = config.adminPassword ? null : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? (generatedPassword as string);
  const passwordHash = await hashPassword(password);
  const promoted = await accounts(async ({ users, counters }) => {
    const existing = await users.findByEmail(config.adminEmail);
    if (existing) {
      await users.promoteToAdmin(existing.id, passwordHash);
      return existing;
    }
    await users.insert({
      id: newId(),
      name: 'Administrator',
      email: config.adminEmail,
      passwordHash,
      role: 'admin',
      createdAt: new Date().toISOString(),
    });
    await counters.bump(USERS_COUNTER, 1);
    return null;
  });
  // Its sessions ended with the new password; nodes must not go on trusting them as a user's.
  if (promoted) await sessions.forget({ kind: 'user', id: promoted.id });
  log.info({ email: config.adminEmail }, 'administrator account created');
  return { email: config.adminEmail, generatedPassword };
}
