import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  accountMessages,
  type ChangeEmailBody,
  type ChangePasswordBody,
} from '@cadenza/contract/account';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import type { Transactor } from '../../db/transactor';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import type { Caller } from '../../domain/caller';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository';
import type {
  AccountSessionRecord,
  AccountSessionsRepository,
} from '../auth/account-sessions.repository';
import type { Session } from '../auth/auth.service';
import type { PasswordResetsRepository } from '../auth/password-resets.repository';
import type { PasswordPolicy } from '../auth/password-policy';
import type { PasswordHasher } from '../auth/passwords';
import type { RevokedTokensRepository } from '../auth/revoked-tokens.repository';
import type { SessionInvalidation } from '../../domain/session-changes';
import type { SignInDevice } from '../auth/sign-in-device';
import type { TokenSigner } from '../auth/tokens';
import type { UserRecord } from '../users/user-record';
import type { UsersRepository } from '../users/users.repository';
import type { EmailChangesRepository } from './email-changes.repository';

export const EMAIL_CHANGE_TOKEN_BYTES = 32;
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** One of the caller's sessions, and whether it is the one asking. */
export interface OwnSession {
  readonly session: AccountSessionRecord;
  readonly current: boolean;
}

export interface AccountServiceDeps {
  readonly config: Config;
  readonly transact: Transactor<{
    users: UsersRepository;
    accountSessions: AccountSessionsRepository;
    apiKeys: ApiKeysRepository;
    resets: PasswordResetsRepository;
    emailChanges: EmailChangesRepository;
  }>;
  readonly users: UsersRepository;
  readonly accountSessions: AccountSessionsRepository;
  readonly revoked: RevokedTokensRepository;
  readonly sessionCache: SessionInvalidation;
  readonly tokens: TokenSigner;
  readonly passwords: PasswordHasher;
  /** Every new password passes it. */
  readonly passwordPolicy: PasswordPolicy;
  readonly mailer: Mailer;
  readonly log: FastifyBaseLogger;
  readonly clock: () => Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const wrongPassword = (field: string) =>
  new Invalid(
    accountMessages.currentPasswordWrong,
    [{ field, code: 'invalid_current_password', message: accountMessages.currentPasswordWrong }],
    'invalid_current_password',
  );

/**
 * A listener's own account: name, e-mail (confirmed through a link), password, the sessions
 * signed in and re-authentication before sensitive changes.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async rename(userId: string, name: string): Promise<UserRecord> {
    const user = await this.deps.users.updateName(userId, name);
    if (!user) throw this.gone();
    return user;
  }

  /**
   * Sends a confirmation link to the new address and tells the old one; nothing changes until
   * the link is used. Only the newest request's link works.
   */
  async requestEmailChange(caller: Caller, body: ChangeEmailBody): Promise<void> {
    const user = await this.checkPassword(caller.userId, body.password, 'password');
    const email = body.email.toLowerCase();
    if (email === user.email) {
      throw new Invalid(
        accountMessages.emailUnchanged,
        [{ field: 'email', code: 'email_unchanged', message: accountMessages.emailUnchanged }],
        'email_unchanged',
      );
    }
    if (await this.deps.users.emailExists(email)) throw this.emailTaken();
    const token = randomBytes(EMAIL_CHANGE_TOKEN_BYTES).toString('base64url');
    const now = this.deps.clock();
    await this.deps.transact(async ({ emailChanges }) => {
      await emailChanges.invalidateForUser(user.id, now);
      await emailChanges.insert({
        tokenHash: hashToken(token),
        userId: user.id,
        newEmail: email,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
      });
    });
    const link = `${this.deps.config.publicUrl}/account/confirm-email/${token}`;
    await this.mail(email, 'Confirm your new Cadenza e-mail address', [
      `Hi ${user.name},`,
      '',
      'Open this link within the next 24 hours to make this address the e-mail of your Cadenza account:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: nothing changes.',
    ]);
    await this.mail(user.email, 'A change of your Cadenza e-mail address was requested', [
      `Hi ${user.name},`,
      '',
      `Someone signed in to your Cadenza account asked to change its e-mail address to ${email}.`,
      'The change happens only once the link sent to that address is opened.',
      '',
      'If this was not you, change your password and sign out your other sessions in your account settings.',
    ]);
  }

  /** Uses a confirmation link: the account takes the new address, and the old one is told. */
  async confirmEmailChange(token: string): Promise<UserRecord> {
    const now = this.deps.clock();
    let outcome: { before: UserRecord; after: UserRecord } | null;
    try {
      outcome = await this.deps.transact(async ({ emailChanges, users }) => {
        const change = await emailChanges.consume(hashToken(token), now);
        if (!change) return null;
        const before = await users.findById(change.userId);
        const after = await users.updateEmail(change.userId, change.newEmail);
        await emailChanges.invalidateForUser(change.userId, now);
        return before && after ? { before, after } : null;
      });
    } catch (error) {
      // Another account took the address since the request: the link stays unused.
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
    if (!outcome) {
      throw new Invalid(
        accountMessages.invalidEmailChangeLink,
        undefined,
        'invalid_email_change_token',
      );
    }
    const { before, after } = outcome;
    await this.mail(before.email, 'Your Cadenza e-mail address was changed', [
      `Hi ${after.name},`,
      '',
      `The e-mail address of your Cadenza account is now ${after.email}.`,
      'Phone apps sign in with the new address from now on.',
      '',
      'If this was not you, reply to this message or contact the administrator of this server.',
    ]);
    return after;
  }

  /**
   * Changes the password with the current one, signs out every other session and, unless the
   * listener keeps them, revokes every app key, in one transaction. The caller's session goes on
   * with the token answered (the old one stops with the others).
   */
  async changePassword(caller: Caller, body: ChangePasswordBody): Promise<Session> {
    this.deps.passwordPolicy.check(body.newPassword, 'newPassword');
    await this.checkPassword(caller.userId, body.currentPassword, 'currentPassword');
    const passwordHash = await this.deps.passwords.hash(body.newPassword);
    const now = this.deps.clock();
    const account = await this.deps.transact(
      async ({ users, accountSessions, apiKeys, resets }) => {
        const updated = await users.updatePassword(caller.userId, passwordHash);
        if (!updated) return null;
        await accountSessions.deleteAllOf(caller.userId, caller.tokenId);
        await accountSessions.reauthenticated(caller.tokenId, now);
        await resets.invalidateForUser(caller.userId, now);
        if (!body.keepAppKeys) await apiKeys.deleteAllOf(caller.userId);
        return updated;
      },
    );
    if (!account) throw this.gone();
    return this.continueSession(caller, account.user, account.tokenVersion);
  }

  async sessions(caller: Caller): Promise<OwnSession[]> {
    const sessions = await this.deps.accountSessions.listOf(caller.userId, this.deps.clock());
    return sessions.map((session) => ({ session, current: session.id === caller.tokenId }));
  }

  /** Signs out one of the caller's sessions (their own included), on every node at once. */
  async signOut(caller: Caller, sessionId: string): Promise<void> {
    const session = await this.deps.accountSessions.findOwn(
      caller.userId,
      sessionId,
      this.deps.clock(),
    );
    if (!session) throw new NotFound(accountMessages.sessionNotFound, 'session_not_found');
    await this.deps.revoked.revoke(session.id, new Date(session.expiresAt));
    await this.deps.sessionCache.forget({ kind: 'token', id: session.id });
  }

  /**
   * Ends every session of the account but the caller's, including any signed before sessions
   * were listed, by bumping the token version; the caller goes on with the token answered.
   */
  async signOutOthers(caller: Caller): Promise<Session> {
    const account = await this.deps.transact(async ({ users, accountSessions }) => {
      const bumped = await users.bumpTokenVersion(caller.userId);
      await accountSessions.deleteAllOf(caller.userId, caller.tokenId);
      return bumped;
    });
    if (!account) throw this.gone();
    return this.continueSession(caller, account.user, account.tokenVersion);
  }

  /** The password, proved again in this session: sensitive actions are allowed for a while. */
  async reauthenticate(caller: Caller, password: string, device: SignInDevice): Promise<void> {
    await this.checkPassword(caller.userId, password, 'password');
    const now = this.deps.clock();
    if (await this.deps.accountSessions.reauthenticated(caller.tokenId, now)) return;
    // A session signed before sessions were recorded: recorded from now on.
    await this.deps.accountSessions.insert({
      id: caller.tokenId,
      userId: caller.userId,
      ...device,
      at: now,
      expiresAt: caller.tokenExpiresAt,
    });
  }

  private async checkPassword(
    userId: string,
    password: string,
    field: string,
  ): Promise<UserRecord> {
    const account = await this.deps.users.findLoginById(userId);
    if (!account) throw this.gone();
    if (!(await this.deps.passwords.verify(account.passwordHash, password))) {
      throw wrongPassword(field);
    }
    return account.user;
  }

  /** The other nodes forget the account's sessions; the caller's is signed anew. */
  private async continueSession(
    caller: Caller,
    user: UserRecord,
    tokenVersion: number,
  ): Promise<Session> {
    await this.deps.sessionCache.forget({ kind: 'user', id: caller.userId });
    const issued = this.deps.tokens.reissue(
      { userId: caller.userId, tokenId: caller.tokenId, expiresAt: caller.tokenExpiresAt },
      tokenVersion,
    );
    return { user, token: issued.token };
  }

  private async mail(to: string, subject: string, lines: string[]): Promise<void> {
    try {
      await this.deps.mailer.send({ to, subject, text: lines.join('\n') });
    } catch (error) {
      this.deps.log.error({ err: error, subject }, 'could not send an account mail');
    }
  }

  private emailTaken(): Conflict {
    return new Conflict('An account with this email already exists.', 'email_taken');
  }

  private gone(): NotFound {
    return new NotFound('This account no longer exists.', 'account_not_found');
  }
}
