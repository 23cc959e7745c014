import type { FastifyBaseLogger } from 'fastify';
import { accountMessages } from '@cadenza/contract/accounts';
import type { LoginBody, RegisterBody } from '@cadenza/contract/auth';
import type { AfterAnswer } from '../../after-answer';
import type { Transactor } from '../../db/transactor';
import { Conflict, Forbidden, Invalid, Unauthorized } from '../../errors';
import { newId } from '../../ids';
import type { Caller } from '../../domain/caller';
import { isUniqueViolation } from '../../db/errors';
import type { InvitationRecord } from '../invitations/invitation-record';
import { hashInvitationToken } from '../invitations/invitation-tokens';
import type { InvitationsRepository } from '../invitations/invitations.repository';
import type { SiteSettingsService } from '../settings/site-settings.service';
import { USERS_COUNTER, type CountersRepository } from '../stats/counters.repository';
import type { LastActivity } from '../users/last-activity';
import type { UserRecord } from '../users/user-record';
import type { UsersRepository } from '../users/users.repository';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository';
import type { AccountSessionsRepository } from './account-sessions.repository';
import type { PasswordResetsRepository } from './password-resets.repository';
import type { PasswordPolicy } from './password-policy';
import { decoyPasswordHash, type PasswordHasher } from './passwords';
import { hashResetToken, newResetToken, type ResetLinks } from './reset-links';
import type { RevokedTokensRepository } from './revoked-tokens.repository';
import type { SignedTickets } from './signed-tickets';
import type { SessionCache } from './session-cache';
import type { SessionsRepository } from './sessions.repository';
import type { SignInDevice } from './sign-in-device';
import { REMEMBERED_SESSION_SECONDS, SESSION_SECONDS, type TokenSigner } from './tokens';
import { LruCache } from '../../storage/lru-cache';

/** A session's last activity is written at most this often: not one write per request. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Sessions whose last write of activity this node remembers. */
const SEEN_SESSIONS = 10_000;

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, a password reset link has been sent to it.';
const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET =
  'This password reset link is invalid or has expired. Please request a new one.';

/** How long the challenge between a password and its second factor lasts. */
export const CHALLENGE_SECONDS = 5 * 60;
const INVALID_CHALLENGE = 'This sign-in has expired. Please enter your email and password again.';

/** A signed-in account and its bearer token (auth.presenter.ts shows it). */
export interface Session {
  readonly token: string;
  readonly user: UserRecord;
}

/** What a correct password leads to: a session, or for a second factor, its challenge. */
export type LoginOutcome =
  | { readonly kind: 'session'; readonly session: Session }
  | { readonly kind: 'challenge'; readonly challenge: string };

/** The second step of a sign-in, as the auth service needs it. */
export interface SecondFactorCheck {
  isEnabled(userId: string): Promise<boolean>;
  /** Whether the code is good for the account; a good code is used up. */
  verify(userId: string, code: string): Promise<boolean>;
  /** Whether the site requires the account to use a second factor and it has none yet. */
  missingFor(userId: string, role: UserRecord['role']): Promise<boolean>;
}

export interface AuthServiceDeps {
  /**
   * The password change, the use of the reset link, the end of the sessions and the revocation
   * of the app keys commit together; so do a new account, its invitation's use and its count.
   */
  readonly transact: Transactor<{
    users: UsersRepository;
    resets: PasswordResetsRepository;
    accountSessions: AccountSessionsRepository;
    apiKeys: ApiKeysRepository;
    invitations: InvitationsRepository;
    counters: CountersRepository;
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
  /** Each session's device and last activity, listed on the account page. */
  readonly accountSessions: AccountSessionsRepository;
  /** Sessions checked recently; told of every logout and password change. */
  readonly sessionCache: SessionCache;
  readonly tokens: TokenSigner;
  readonly passwords: PasswordHasher;
  /** Every new password passes it: sign-up and reset here. */
  readonly passwordPolicy: PasswordPolicy;
  /** Where forgot-password leaves its work, so that its answer takes as long for any address. */
  readonly afterAnswer: AfterAnswer;
  readonly log: FastifyBaseLogger;
  readonly secondFactor: SecondFactorCheck;
  /** Signs the challenge a second factor answers. */
  readonly challenges: SignedTickets;
  readonly clock: () => Date;
}

/** Accounts and sessions: registration, login, logout, password reset, token checks. */
export class AuthService {
  /** When this node last wrote each session's activity. */
  private readonly seen = new LruCache<string, number>(SEEN_SESSIONS);

  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Creates an account and logs it in. Who may depends on the registration setting: anyone
   * (`open`), only the holder of an invitation (`invite`), nobody uninvited (`closed`). A valid
   * invitation admits in every mode (an administrator made it), with the role it names, and only
   * for the address it names, if any; it is used up in the transaction that creates the account.
   */
  async register(body: RegisterBody, device: SignInDevice): Promise<Session> {
    const email = body.email.toLowerCase();
    const invitation = await this.admissionOf(body.invitation, email);
    this.deps.passwordPolicy.check(body.password);
    // The cheap checks first: a refused password or a taken address costs no hashing.
    if (await this.deps.users.emailExists(email)) throw this.emailTaken();
    const passwordHash = await this.deps.passwords.hash(body.password);
    const id = newId();
    const now = new Date();
    try {
      const user = await this.deps.transact(async ({ users, invitations, counters }) => {
        const created = await users.insert({
          id,
          name: body.name,
          email,
          passwordHash,
          role: invitation?.role ?? 'user',
          createdAt: now.toISOString(),
        });
        await counters.bump(USERS_COUNTER, 1);
        if (body.invitation !== undefined) {
          const used = await invitations.consume(hashInvitationToken(body.invitation), id, now);
          // Used or revoked since it was checked: the account is not made.
          if (!used) throw this.invalidInvitation();
        }
        return created;
      });
      return { user, token: await this.open(user.id, 0, REMEMBERED_SESSION_SECONDS, device) };
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

  /**
   * Checks the password; an account with a second factor gets a signed challenge instead of a
   * session, bound to its token version, which the code then trades for the session.
   */
  async login(body: LoginBody, device: SignInDevice): Promise<LoginOutcome> {
    const account = await this.deps.users.findLoginByEmail(body.email.toLowerCase());
    const passwordHash = account?.passwordHash ?? (await decoyPasswordHash());
    const valid = await this.deps.passwords.verify(passwordHash, body.password);
    if (!account || !valid) throw new Unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    // Told only to whoever knows the password.
    if (account.user.disabled) {
      throw new Forbidden(accountMessages.accountDisabled, 'account_disabled');
    }
    return this.sessionOrChallenge(
      account.user,
      account.tokenVersion,
      body.remember === true,
      device,
    );
  }

  /**
   * A session for an account whose owner proved who they are at an OpenID provider, or, when the
   * account has two-factor sign-in, the challenge its code answers, as after a password: the
   * provider vouches for the address, Cadenza's second factor still guards the account. Null
   * when the account is gone.
   */
  async signInFromProvider(
    userId: string,
    remember: boolean,
    device: SignInDevice,
  ): Promise<LoginOutcome | null> {
    const account = await this.deps.users.findAccountById(userId);
    if (!account) return null;
    return this.sessionOrChallenge(account.user, account.tokenVersion, remember, device);
  }

  /**
   * The end of a first sign-in step: an account with a second factor gets a signed challenge,
   * bound to its token version, which the code then trades for the session; others the session.
   */
  private async sessionOrChallenge(
    user: UserRecord,
    tokenVersion: number,
    remember: boolean,
    device: SignInDevice,
  ): Promise<LoginOutcome> {
    if (await this.deps.secondFactor.isEnabled(user.id)) {
      const challenge = this.deps.challenges.sign(
        { sub: user.id, tv: tokenVersion, remember },
        CHALLENGE_SECONDS,
      );
      return { kind: 'challenge', challenge };
    }
    return { kind: 'session', session: await this.sessionOf(user, tokenVersion, remember, device) };
  }

  /** The user a challenge was signed for, or null when it is forged or expired. */
  challengedUser(challenge: string): string | null {
    const payload = this.deps.challenges.verify(challenge);
    return typeof payload?.sub === 'string' ? payload.sub : null;
  }

  /** The second step of a sign-in: a good code for the challenged account gives the session. */
  async completeSecondFactor(
    challenge: string,
    code: string,
    device: SignInDevice,
  ): Promise<Session> {
    const payload = this.deps.challenges.verify(challenge);
    const userId = typeof payload?.sub === 'string' ? payload.sub : null;
    const account = userId ? await this.deps.users.findAccountById(userId) : null;
    // A password changed meanwhile ends the challenges made with the old one too.
    if (!payload || !account || account.tokenVersion !== payload.tv) {
      throw new Unauthorized(INVALID_CHALLENGE, 'invalid_sign_in_challenge');
    }
    if (!(await this.deps.secondFactor.verify(account.user.id, code))) {
      throw new Invalid(
        'That code is not valid. Please try again with a new one.',
        undefined,
        'invalid_second_factor_code',
      );
    }
    return this.sessionOf(account.user, account.tokenVersion, payload.remember === true, device);
  }

  /**
   * A session for an account whose owner proved who they are to a trusted proxy, which is the
   * authority on sign-in there, its own second factor included (decision 075); null when the
   * account is gone.
   */
  async sessionFor(
    userId: string,
    remember: boolean,
    device: SignInDevice,
  ): Promise<Session | null> {
    const account = await this.deps.users.findAccountById(userId);
    return account ? this.sessionOf(account.user, account.tokenVersion, remember, device) : null;
  }

  private async sessionOf(
    user: UserRecord,
    tokenVersion: number,
    remember: boolean,
    device: SignInDevice,
  ): Promise<Session> {
    const lifetime = remember ? REMEMBERED_SESSION_SECONDS : SESSION_SECONDS;
    return { user, token: await this.open(user.id, tokenVersion, lifetime, device) };
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
   * Answers the same, in the same time, whether or not the address is known: nothing that depends
   * on it happens before the answer. The lookup, the stored link and the mail all come after it
   * (a known account's insert alone doubled its answer time on PostgreSQL).
   */
  forgotPassword(email: string): void {
    const address = email.toLowerCase();
    this.deps.afterAnswer.run(
      () => this.issueResetLink(address),
      (error) => this.deps.log.error({ err: error }, 'could not issue a password reset link'),
    );
  }

  /**
   * Sets the new password, ends every session of the user, revokes every app key (a reset is
   * what someone does who fears their account is in other hands), and logs in afresh. The link
   * is checked before the new password is hashed, so that made-up links cost no hashing; it is
   * used up in the same transaction as the password change, so that one link cannot be used
   * twice.
   */
  async resetPassword(token: string, password: string, device: SignInDevice): Promise<Session> {
    this.deps.passwordPolicy.check(password);
    const tokenHash = hashResetToken(token);
    if (!(await this.deps.resets.findPending(tokenHash, new Date()))) {
      throw new Invalid(INVALID_RESET, undefined, 'invalid_reset_token');
    }
    const passwordHash = await this.deps.passwords.hash(password);
    const now = new Date();
    const account = await this.deps.transact(
      async ({ users, resets, accountSessions, apiKeys }) => {
        const reset = await resets.consume(tokenHash, now);
        if (!reset) return null;
        const updated = await users.updatePassword(reset.userId, passwordHash);
        await resets.invalidateForUser(reset.userId, now);
        await accountSessions.deleteAllOf(reset.userId);
        await apiKeys.deleteAllOf(reset.userId);
        return updated;
      },
    );
    if (!account) throw new Invalid(INVALID_RESET, undefined, 'invalid_reset_token');
    const { user, tokenVersion } = account;
    await this.deps.sessionCache.forget({ kind: 'user', id: user.id });
    return { user, token: await this.open(user.id, tokenVersion, SESSION_SECONDS, device) };
  }

  /**
   * Replaces the temporary password an administrator set with the owner's own: every other
   * session ends, and the caller is logged in afresh.
   */
  async setInitialPassword(
    caller: Caller,
    password: string,
    device: SignInDevice,
  ): Promise<Session> {
    if (!caller.passwordChangeRequired) {
      throw new Forbidden('Your password is not a temporary one.', 'forbidden');
    }
    this.deps.passwordPolicy.check(password);
    const passwordHash = await this.deps.passwords.hash(password);
    const account = await this.deps.users.updatePassword(caller.userId, passwordHash);
    if (!account) throw new Unauthorized();
    await this.deps.sessionCache.forget({ kind: 'user', id: caller.userId });
    return {
      user: account.user,
      token: await this.open(caller.userId, account.tokenVersion, SESSION_SECONDS, device),
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
        streamingQualityLimit: stored.streamingQualityLimit,
      };
      cache.remember(userId, tokenId, facts, mark);
    }
    if (facts.tokenVersion !== claims.tokenVersion) return null;
    await this.seenNow(tokenId);
    await this.deps.activity.seen(userId);
    return {
      userId: claims.userId,
      role: facts.role,
      passwordChangeRequired: facts.passwordChangeRequired,
      streamingQualityLimit: facts.streamingQualityLimit,
      // Read only for administrators, whose requests are few: listeners never need one.
      secondFactorMissing:
        facts.role === 'admin' && (await this.deps.secondFactor.missingFor(userId, facts.role)),
      tokenId: claims.tokenId,
      tokenExpiresAt: claims.expiresAt,
    };
  }

  /** Signs a new session's token and records the session with the device it came from. */
  private async open(
    userId: string,
    tokenVersion: number,
    lifetimeSeconds: number,
    device: SignInDevice,
  ): Promise<string> {
    const issued = this.deps.tokens.issue(userId, tokenVersion, lifetimeSeconds);
    await this.deps.accountSessions.insert({
      id: issued.tokenId,
      userId,
      ...device,
      at: this.deps.clock(),
      expiresAt: issued.expiresAt,
    });
    this.seen.set(issued.tokenId, this.deps.clock().getTime());
    return issued.token;
  }

  /** Writes the session's last activity, at most once a minute per session and node. */
  private async seenNow(tokenId: string): Promise<void> {
    const now = this.deps.clock();
    const last = this.seen.get(tokenId);
    if (last !== undefined && now.getTime() - last < LAST_SEEN_RESOLUTION_MS) return;
    this.seen.set(tokenId, now.getTime());
    await this.deps.accountSessions.touch(tokenId, now);
  }

  private invalidInvitation(): Invalid {
    return new Invalid(accountMessages.invalidInvitation, undefined, 'invalid_invitation');
  }

  private emailTaken(): Conflict {
    return new Conflict('An account with this email already exists.', 'email_taken');
  }

  /** After the answer to forgot-password: stores a link for a known address and mails it. */
  private async issueResetLink(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user) return;
    const link = await this.deps.resetLinks.store(user, newResetToken());
    await this.deps.resetLinks.mail(user, link);
  }
}
