import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { newId } from '../../ids';
import type { UsersRepository } from '../users/users.repository';
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
  users: UsersRepository,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  sessions: SessionInvalidation,
): Promise<FirstAdminResult | null> {
  if (await users.adminExists()) return null;
  const generatedPassword = config.adminPassword ? null : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? (generatedPassword as string);
  const passwordHash = await hashPassword(password);
  const existing = await users.findByEmail(config.adminEmail);
  if (existing) {
    await users.promoteToAdmin(existing.id, passwordHash);
    // Its sessions ended with the new password; nodes must not go on trusting them as a user's.
    await sessions.forget({ kind: 'user', id: existing.id });
  } else {
    await users.insert({
      id: newId(),
      name: 'Administrator',
      email: config.adminEmail,
      passwordHash,
      role: 'admin',
      createdAt: new Date().toISOString(),
    });
  }
  log.info({ email: config.adminEmail }, 'administrator account created');
  return { email: config.adminEmail, generatedPassword };
}
