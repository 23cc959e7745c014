import { randomBytes } from 'node:crypto';
import type { Role } from '@cadenza/contract/auth';
import { MAX_NAME_LENGTH } from '@cadenza/contract/validation';
import { isUniqueViolation } from '../../db/errors';
import type { Transactor } from '../../db/transactor';
import { Forbidden, Unauthorized } from '../../errors';
import { newId } from '../../ids';
import type { PasswordHasher } from '../auth/passwords';
import type { SessionCache } from '../auth/session-cache';
import { USERS_COUNTER, type CountersRepository } from '../stats/counters.repository';
import type { UsersRepository } from '../users/users.repository';
import type { ExternalIdentitiesRepository } from './external-identities.repository';

/** Someone whose identity another system vouched for. */
export interface ExternalSignIn {
  /** The OpenID provider and its subject; null for a reverse proxy's header (e-mail only). */
  readonly identity: { readonly issuer: string; readonly subject: string } | null;
  readonly email: string;
  /** Whether the provider checked that the address is theirs; a proxy's header is trusted. */
  readonly emailVerified: boolean;
  readonly name: string | null;
  /** The role the provider's claim gives; null leaves the account's role alone. */
  readonly role: Role | null;
}

export interface ExternalAccountsDeps {
  readonly users: UsersRepository;
  readonly identities: ExternalIdentitiesRepository;
  /** A new account, its count and its link to the provider are made together. */
  readonly transact: Transactor<{
    users: UsersRepository;
    identities: ExternalIdentitiesRepository;
    counters: CountersRepository;
  }>;
  readonly passwords: PasswordHasher;
  readonly sessionCache: SessionCache;
  /** Whether someone without an account may get one by signing in. */
  readonly newAccountsAllowed: () => Promise<boolean>;
}

const UNVERIFIED =
  'Your identity provider has not confirmed your email address, so it cannot be used to sign in.';
const CLOSED = 'There is no account for this email address, and sign-up is closed.';

/** The name of a new account: the provider's, else the e-mail's local part. */
function nameFor(signIn: ExternalSignIn): string {
  const name = (signIn.name ?? '').trim() || signIn.email.split('@')[0] || signIn.email;
  return name.slice(0, MAX_NAME_LENGTH);
}

/**
 * Finds the account of someone signed in by an OpenID provider or a reverse proxy: first by the
 * provider's subject, then by a verified e-mail address (which links the subject to it), else
 * makes one when sign-up allows it.
 */
export class ExternalAccountsService {
  constructor(private readonly deps: ExternalAccountsDeps) {}

  /** The account's id; throws when none may be found or made. */
  async accountFor(signIn: ExternalSignIn): Promise<string> {
    const now = new Date().toISOString();
    const { identity } = signIn;
    let userId = identity
      ? await this.deps.identities.findUserId(identity.issuer, identity.subject)
      : null;
    if (!userId) {
      // An unverified address could be anyone's: it neither finds nor makes an account.
      if (!signIn.emailVerified) throw new Unauthorized(UNVERIFIED, 'sign_in_failed');
      const email = signIn.email.toLowerCase();
      userId = (await this.deps.users.findByEmail(email))?.id ?? null;
      if (userId && identity) {
        await this.deps.identities.link(identity.issuer, identity.subject, userId, now);
      }
      userId ??= await this.create(signIn, email, now);
    }
    if (signIn.role && (await this.deps.identities.applyRole(userId, signIn.role))) {
      await this.deps.sessionCache.forget({ kind: 'user', id: userId });
    }
    return userId;
  }

  private async create(signIn: ExternalSignIn, email: string, now: string): Promise<string> {
    if (!(await this.deps.newAccountsAllowed())) throw new Forbidden(CLOSED, 'registration_closed');
    // A password nobody knows: the account signs in through its provider until one is set.
    const passwordHash = await this.deps.passwords.hash(randomBytes(32).toString('base64url'));
    try {
      return await this.deps.transact(async ({ users, identities, counters }) => {
        const user = await users.insert({
          id: newId(),
          name: nameFor(signIn),
          email,
          passwordHash,
          role: 'user',
          createdAt: now,
        });
        await counters.bump(USERS_COUNTER, 1);
        if (signIn.identity) {
          await identities.link(signIn.identity.issuer, signIn.identity.subject, user.id, now);
        }
        return user.id;
      });
    } catch (error) {
      // The same person signing in twice at once: the first made the account.
      const existing = isUniqueViolation(error) ? await this.deps.users.findByEmail(email) : null;
      if (!existing) throw error;
      return existing.id;
    }
  }
}
