import { accountMessages } from '@cadenza/contract/accounts';
import type { LoginBody, RegisterBody } from '@cadenza/contract/auth';
import type { Transactor } from '../../db/transactor';
import { Conflict, Forbidden, Invalid, Unauthorized } from '../../errors';
import { newId } from '../../ids';
import type { Caller } from '../../plugins/auth';
import { isUniqueViolation } from '../../db/errors';
import type { InvitationRecord } from '../invitations/invitation-record';
import { hashInvitationToken } from '../invitations/invitation-tokens';
import type { InvitationsRepository } from '../invitations/invitations.repository';
import type { SiteSettingsService } from '../settings/site-settings.service';
import type { LastActivity } from '../users/last-activity';
import type { UserRecord } from '../users/user-record';
import type { UsersRepository } from '../users/users.repository';
import type { PasswordResetsRepository } from './password-resets.repository';
import { decoyPasswordHash, type PasswordHasher } from './passwords';
import { hashResetToken, newResetToken, type ResetLinks } from './reset-links';
import type { RevokedTokensRepository } from './revoked-tokens.repository';
import type { SessionCache } from './session-cache';
import type { SessionsRepository } from './sessions.repository';
import { REMEMBERED_SESSION_SECONDS, SESSION_SECONDS, type TokenSigner } from './tokens';

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, a password reset link has been sent to it.';
const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET =
  'This password reset link is invalid or has expired. Please request a new one.';

/** A signed-in account and its bearer token (auth.presenter.ts shows it). */
export interface Session {
  readonly token: string;
  readonly user: UserRecord;
}

export interface AuthServiceDeps {
  /**
   * The password change and the use of the reset link commit together; so do a new account and
   * the use of its invitation.
   */
  readonly transact: Transactor<{
    users: UsersRepository;
    resets: PasswordResetsRepository;
    invitations: InvitationsRepository;
  }>;
  readonly users: UsersRepository;
  readonly resets: PasswordResetsRepository;
  readonly resetLinks: ResetLinks;
  readonly invitations: InvitationsRepository;
  /** Who may sign up (the administrator's registration setting). */
  readonly settings: SiteSettingsService;
  /** Notes each account's last use of the API. */
  readonly activity: LastActivity;
  readonly revoked: RevokedTokensRepository;
  readonly sessions: SessionsRepository;
  /** Sessions checked recently; told of every logout and password change. */
  readonly sessionCache: SessionCache;
  readonly tokens: TokenSigner;
  readonly passwords: PasswordHasher;
}

/** Accounts and sessions: registration, login, logout, password reset, token checks. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Creates an account and logs it in. Who may depends on the registration setting: anyone
   * (`open`), only the holder of an invitation (`invite`), nobody uninvited (`closed`). A valid
   * invitation admits in every mode (an administrator made it), with the role it names, and only
   * for the address it names, if any; it is used up in the transaction that creates the account.
   */
  async register(body: RegisterBody): Promise<Session> {
    const email = body.email.toLowerCase();
    const invitation = await this.admissionOf(body.invitation, email);
    // The cheap check first: a taken address costs no hashing.
    if (await this.deps.users.emailExists(email)) throw this.emailTaken();
    const passwordHash = await this.deps.passwords.hash(body.password);
    const id = newId();
    const now = new Date();
    try {
      const user = await this.deps.transact(async ({ users, invitations }) => {
        const created = await users.insert({
          id,
          name: body.name,
          email,
          passwordHash,
          role: invitation?.role ?? 'user',
          createdAt: now.toISOString(),
        });
        if (body.invitation !== undefined) {
          const used = await invitations.consume(hashInvitationToken(body.invitation), id, now);
          // Used or revoked since it was checked: the account is not made.
          if (!used) throw this.invalidInvitation();
        }
        return created;
      });
      return { user, token: this.deps.tokens.sign(user.id, 0, REMEMBERED_SESSION_SECONDS) };
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  /** The invitation a sign-up comes with, once checked; refuses a sign-up the setting forbids. */
  private async admissionOf(
    token: string | undefined,
    email: string,
  ): Promise<InvitationRecord | null> {
    if (token === undefined) {
      const mode = await this.deps.settings.get('registration');
      if (mode === 'closed') {
        throw new Forbidden(accountMessages.registrationClosed, 'registration_closed');
      }
      if (mode === 'invite') {
        throw new Forbidden(accountMessages.invitationRequired, 'invitation_required');
      }
      return null;
    }
    const invitation = await this.deps.invitations.findPending(
      hashInvitationToken(token),
      new Date(),
    );
    if (!invitation) throw this.invalidInvitation();
    if (invitation.email !== null && invitation.email !== email) {
      throw new Invalid(
        accountMessages.invitationEmailMismatch,
        [{ field: 'email', message: accountMessages.invitationEmailMismatch, code: 'custom' }],
        'invitation_email_mismatch',
      );
    }
    return invitation;
  }

  async login(body: LoginBody): Promise<Session> {
    const account = await this.deps.users.findLoginByEmail(body.email.toLowerCase());
    const passwordHash = account?.passwordHash ?? (await decoyPasswordHash());
    const valid = await this.deps.passwords.verify(passwordHash, body.password);
    if (!account || !valid) throw new Unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    // Told only to whoever knows the password.
    if (account.user.disabled) {
      throw new Forbidden(accountMessages.accountDisabled, 'account_disabled');
    }
    const lifetime = body.remember ? REMEMBERED_SESSION_SECONDS : SESSION_SECONDS;
    const token = this.deps.tokens.sign(account.user.id, account.tokenVersion, lifetime);
    return { user: account.user, token };
  }

  /**
   * Revokes the caller's session only: the user's other devices stay logged in. Answers once
   * every node has forgotten the session, so that it is refused wherever it comes next.
   */
  async logout(caller: Caller): Promise<void> {
    await this.deps.revoked.revoke(caller.tokenId, caller.tokenExpiresAt);
    await this.deps.sessionCache.forget({ kind: 'token', id: caller.tokenId });
  }

  /**
   * Answers the same whether or not the address is known: the token is made either way and the
   * mail goes out after the response, so neither the answer nor its timing tells them apart.
   */
  async forgotPassword(email: string): Promise<void> {
    const token = newResetToken();
    const user = await this.deps.users.findByEmail(email.toLowerCase());
    if (!user) return;
    const link = await this.deps.resetLinks.store(user, token);
    setImmediate(() => void this.deps.resetLinks.mail(user, link));
  }

  /**
   * Sets the new password, ends every session of the user, and logs in afresh. The link is checked
   * before the new password is hashed, so that made-up links cost no hashing; it is used up in the
   * same transaction as the password change, so that one link cannot be used twice.
   */
  async resetPassword(token: string, password: string): Promise<Session> {
    const tokenHash = hashResetToken(token);
    if (!(await this.deps.resets.findPending(tokenHash, new Date()))) {
      throw new Invalid(INVALID_RESET, undefined, 'invalid_reset_token');
    }
    const passwordHash = await this.deps.passwords.hash(password);
    const now = new Date();
    const account = await this.deps.transact(async ({ users, resets }) => {
      const reset = await resets.consume(tokenHash, now);
      if (!reset) return null;
      const updated = await users.updatePassword(reset.userId, passwordHash);
      await resets.invalidateForUser(reset.userId, now);
      return updated;
    });
    if (!account) throw new Invalid(INVALID_RESET, undefined, 'invalid_reset_token');
    const { user, tokenVersion } = account;
    await this.deps.sessionCache.forget({ kind: 'user', id: user.id });
    return { user, token: this.deps.tokens.sign(user.id, tokenVersion, SESSION_SECONDS) };
  }

  /**
   * Replaces the temporary password an administrator set with the owner's own: every other
   * session ends, and the caller is logged in afresh.
   */
  async setInitialPassword(caller: Caller, password: string): Promise<Session> {
    if (!caller.passwordChangeRequired) {
      throw new Forbidden('Your password is not a temporary one.', 'forbidden');
    }
    const passwordHash = await this.deps.passwords.hash(password);
    const account = await this.deps.users.updatePassword(caller.userId, passwordHash);
    if (!account) throw new Unauthorized();
    await this.deps.sessionCache.forget({ kind: 'user', id: caller.userId });
    const lifetime = SESSION_SECONDS;
    return {
      user: account.user,
      token: this.deps.tokens.sign(caller.userId, account.tokenVersion, lifetime),
    };
  }

  /**
   * The caller behind a bearer token, or null when it is invalid, expired or revoked. A session
   * checked recently is known from the cache; otherwise one read answers for user and session.
   */
  async authenticate(token: string): Promise<Caller | null> {
    const claims = this.deps.tokens.verify(token);
    if (!claims) return null;
    const { userId, tokenId } = claims;
    const cache = this.deps.sessionCache;
    let facts = cache.recall(userId, tokenId);
    if (!facts) {
      const mark = cache.mark();
      const stored = await this.deps.sessions.find(userId, tokenId);
      if (!stored || stored.revoked || stored.disabled) return null;
      facts = {
        role: stored.role,
        tokenVersion: stored.tokenVersion,
        passwordChangeRequired: stored.passwordChangeRequired,
      };
      cache.remember(userId, tokenId, facts, mark);
    }
    if (facts.tokenVersion !== claims.tokenVersion) return null;
    await this.deps.activity.seen(userId);
    return {
      userId: claims.userId,
      role: facts.role,
      passwordChangeRequired: facts.passwordChangeRequired,
      tokenId: claims.tokenId,
      tokenExpiresAt: claims.expiresAt,
    };
  }

  private invalidInvitation(): Invalid {
    return new Invalid(accountMessages.invalidInvitation, undefined, 'invalid_invitation');
  }

  private emailTaken(): Conflict {
    return new Conflict('An account with this email already exists.', 'email_taken');
  }
}
