import type { Role, User } from '@cadenza/contract/auth';
import { newId } from '../src/ids';
import { hashPassword } from '../src/modules/auth/passwords';
import { SESSION_SECONDS, TokenSigner } from '../src/modules/auth/tokens';
import { UsersRepository } from '../src/modules/users/users.repository';
import { TEST_JWT_SECRET, type TestApp } from './test-app';

let sequence = 0;

export interface CreatedUser {
  readonly user: User;
  readonly password: string;
  readonly token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  readonly headers: { authorization: string };
}

export interface UserOverrides {
  readonly name?: string;
  readonly email?: string;
  readonly password?: string;
  readonly role?: Role;
}

/** Inserts an account straight into the database and signs a session token for it. */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<CreatedUser> {
  sequence += 1;
  const password = overrides.password ?? `password-${sequence}`;
  const user = await new UsersRepository(t.database.db).insert({
    id: newId(),
    name: overrides.name ?? `Listener ${sequence}`,
    email: (
      overrides.email ?? `listener${sequence}.${newId().slice(-6)}@example.com`
    ).toLowerCase(),
    passwordHash: await hashPassword(password),
    role: overrides.role ?? 'user',
    createdAt: new Date().toISOString(),
  });
  const token = await new TokenSigner(TEST_JWT_SECRET).sign(user._id, 0, SESSION_SECONDS);
  return { user, password, token, headers: { authorization: `Bearer ${token}` } };
}

export function createAdmin(t: TestApp, overrides: UserOverrides = {}): Promise<CreatedUser> {
  return createUser(t, { name: 'Admin', ...overrides, role: 'admin' });
}
