import type { StreamingQuality } from '@cadenza/contract/streaming-quality';
import { accountMessages, type CreateUserBody } from '@cadenza/contract/accounts';
import { adminMessages } from '@cadenza/contract/admin';
import type { Role } from '@cadenza/contract/auth';
import { isUniqueViolation } from '../../db/errors';
import type { Transactor } from '../../db/transactor';
import { Conflict, NotFound } from '../../errors';
import { newId } from '../../ids';
import type { SessionInvalidation } from '../../domain/session-changes';
import { USERS_COUNTER, type CountersRepository } from '../stats/counters.repository';
import type { UserRecord } from './user-record';
import type { AccountChange, UsersRepository } from './users.repository';

/**
 * The repositories a new account spans, each its own module's, in one transaction: whoever
 * inserts an account bumps the users counter with it.
 */
export interface NewAccountRepositories {
  readonly users: UsersRepository;
  readonly counters: CountersRepository;
}

export interface AccountsServiceDeps {
  readonly users: UsersRepository;
  /** A new account and its count, together. */
  readonly transact: Transactor<NewAccountRepositories>;
  /** The auth module's hasher. */
  readonly passwords: { hash(password: string): Promise<string> };
  /** The auth module's rules for a new password, which a temporary one passes too. */
  readonly passwordPolicy: { check(password: string): void };
  /** The auth module's reset links: stores a new one for the account and mails it. */
  readonly resetLinks: { send(user: UserRecord): Promise<void> };
  /** Told when an account's sessions end or its role changes, on every node. */
  readonly sessions: SessionInvalidation;
}

/**
 * What administrators do to accounts beyond listing and deleting them: create one with a
 * temporary password, change its role, disable and re-enable it, send it a password reset.
 * The site always keeps an active administrator.
 */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  /** An account whose owner must replace the password at first login. */
  async create(body: CreateUserBody): Promise<UserRecord> {
    this.deps.passwordPolicy.check(body.password);
    const email = body.email.toLowerCase();
    if (await this.deps.users.emailExists(email)) throw this.emailTaken();
    const passwordHash = await this.deps.passwords.hash(body.password);
    try {
      return await this.deps.transact(async ({ users, counters }) => {
        const user = await users.insert({
          id: newId(),
          name: body.name,
          email,
          passwordHash,
          role: body.role,
          createdAt: new Date().toISOString(),
          mustChangePassword: true,
        });
        await counters.bump(USERS_COUNTER, 1);
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  changeRole(id: string, role: Role): Promise<UserRecord> {
    return this.change(id, { role });
  }

  /** Disabling ends the account's sessions at once, on every node; its app keys stop too. */
  setDisabled(id: string, disabled: boolean): Promise<UserRecord> {
    return this.change(id, { disabled });
  }

  /** The richest stream the account may have from now on (`original`: no limit of its own). */
  async setStreamingLimit(id: string, quality: StreamingQuality): Promise<UserRecord> {
    const user = await this.deps.users.setStreamingLimit(id, quality);
    if (!user) throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    // The links the account is given carry its limit: on every node from now on.
    await this.deps.sessions.forget({ kind: 'user', id });
    return user;
  }

  /**
   * Gives the account a temporary password (over /rest, `changePassword` by an administrator):
   * its owner replaces it at the next sign-in, as with a new account's; its sessions end.
   */
  async setTemporaryPassword(id: string, password: string): Promise<UserRecord> {
    this.deps.passwordPolicy.check(password);
    const user = await this.deps.users.setTemporaryPassword(
      id,
      await this.deps.passwords.hash(password),
    );
    if (!user) throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    await this.deps.sessions.forget({ kind: 'user', id });
    return user;
  }

  /** Mails the account a password reset link, as forgot-password would. */
  async sendPasswordReset(id: string): Promise<void> {
    const user = await this.deps.users.findById(id);
    if (!user) throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    await this.deps.resetLinks.send(user);
  }

  private async change(id: string, change: AccountChange): Promise<UserRecord> {
    const outcome = await this.deps.users.changeAccount(id, change, new Date());
    if (outcome.status === 'missing') {
      throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    }
    if (outcome.status === 'last_admin') {
      throw new Conflict(accountMessages.lastAdmin, 'last_admin');
    }
    // A new role or a disabled account counts on every node from now on.
    await this.deps.sessions.forget({ kind: 'user', id });
    return outcome.user;
  }

  private emailTaken(): Conflict {
    return new Conflict('An account with this email already exists.', 'email_taken');
  }
}
