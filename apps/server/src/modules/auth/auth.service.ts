import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginBody, RegisterBody } from '@cadenza/contract/auth';
import type { Config } from '../../config';
import type { Transactor } from '../../db/transactor';
import { Conflict, Invalid, Unauthorized } from '../../errors';
import { newId } from '../../ids';
import type { Mailer } from '../../mail/mailer';
import type { Caller } from '../../plugins/auth';
import { isUniqueViolation } from '../../db/errors';
import type { UserRecord } from '../users/user-record';
import type { UsersRepository } from '../users/users.repository';
import type { PasswordResetsRepository } from './password-resets.repository';
import { decoyPasswordHash, type PasswordHasher } from './passwords';
import type { RevokedTokensRepository } from './revoked-tokens.repository';
import type { SessionCache } from './session-cache';
import type { SessionsRepository } from './sessions.repository';
import { REMEMBERED_SESSION_SECONDS, SESSION_SECONDS, type TokenSigner } from './tokens';

export const RESET_TOKEN_BYTES = 32;
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

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
  readonly config: Config;
  /** The password change and the use of the reset link commit together. */
  readonly transact: Transactor<{ users: UsersRepository; resets: PasswordResetsRepository }>;
  readonly users: UsersRepository;
  readonly resets: PasswordResetsRepository;
  readonly revoked: RevokedTokensRepository;
  readonly sessions: SessionsRepository;
  /** Sessions checked recently; told of every logout and password change. */
  readonly sessionCache: SessionCache;
  readonly tokens: TokenSigner;
  readonly passwords: PasswordHasher;
  readonly mailer: Mailer;
  readonly log: FastifyBaseLogger;
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accounts and sessions: registration, login, logout, password reset, token checks. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async register(body: RegisterBody): Promise<Session> {
    const email = body.email.toLowerCase();
    // The cheap check first: a taken address costs no hashing.
    if (await this.deps.users.emailExists(email)) throw this.emailTaken();
    const passwordHash = await this.deps.passwords.hash(body.password);
    try {
      const user = await this.deps.users.insert({
        id: newId(),
        name: body.name,
        email,
        passwordHash,
        role: 'user',
        createdAt: new Date().toISOString(),
      });
      return { user, token: this.deps.tokens.sign(user.id, 0, REMEMBERED_SESSION_SECONDS) };
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  async login(body: LoginBody): Promise<Session> {
    const account = await this.deps.users.findLoginByEmail(body.email.toLowerCase());
    const passwordHash = account?.passwordHash ?? (await decoyPasswordHash());
    const valid = await this.deps.passwords.verify(passwordHash, body.password);
    if (!account || !valid) throw new Unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
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
    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
    const tokenHash = hashResetToken(token);
    const user = await this.deps.users.findByEmail(email.toLowerCase());
    if (!user) return;
    await this.deps.resets.insert(tokenHash, user.id, new Date(Date.now() + RESET_LIFETIME_MS));
    const link = `${this.deps.config.publicUrl}/reset-password/${token}`;
    setImmediate(() => void this.sendResetMail(user, link));
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
      if (!stored || stored.revoked) return null;
      facts = { role: stored.role, tokenVersion: stored.tokenVersion };
      cache.remember(userId, tokenId, facts, mark);
    }
    if (facts.tokenVersion !== claims.tokenVersion) return null;
    return {
      userId: claims.userId,
      role: facts.role,
      tokenId: claims.tokenId,
      tokenExpiresAt: claims.expiresAt,
    };
  }

  private emailTaken(): Conflict {
    return new Conflict('An account with this email already exists.', 'email_taken');
  }

  private async sendResetMail(user: UserRecord, link: string): Promise<void> {
    const text = [
      `Hi ${user.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Cadenza account.',
      'Open this link within the next hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ].join('\n');
    try {
      await this.deps.mailer.send({ to: user.email, subject: 'Reset your Cadenza password', text });
      if (!this.deps.config.smtpUrl) {
        // The link is a secret: it stays in the outbox, which only the server's user can read.
        this.deps.log.info('password reset mail written to the outbox');
      }
    } catch (error) {
      this.deps.log.error({ err: error, to: user.email }, 'could not send the password reset mail');
    }
  }
}
