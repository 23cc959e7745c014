import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@cadenza/contract/auth';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '@cadenza/contract/validation';
import type { OidcSettings } from '../../config';
import { AppError, NotFound, Unauthorized } from '../../errors';
import type { AuthService, LoginOutcome, Session } from '../auth/auth.service';
import type { RevokedTokensRepository } from '../auth/revoked-tokens.repository';
import type { SignedTickets } from '../auth/signed-tickets';
import type { SignInDevice } from '../auth/sign-in-device';
import type { ExternalAccountsService } from './external-accounts.service';
import { OidcFailure, type OidcClaims, type OidcClient } from './oidc-client';

/** How long the visitor may spend at the provider. */
export const STATE_SECONDS = 10 * 60;
/** How long the web app has to pick up the session after coming back. */
export const HANDOFF_SECONDS = 2 * 60;

export interface SingleSignOnDeps {
  /** Null when OIDC_ISSUER is unset. */
  readonly oidc: { readonly client: OidcClient; readonly settings: OidcSettings } | null;
  readonly accounts: ExternalAccountsService;
  readonly auth: AuthService;
  /** The state cookie between leaving for the provider and coming back. */
  readonly stateTickets: SignedTickets;
  /** The cookie that hands the signed-in account to the web app, once. */
  readonly handoffTickets: SignedTickets;
  readonly revoked: RevokedTokensRepository;
  readonly log: FastifyBaseLogger;
}

/** Why a sign-in through the provider ended without an account: a code the login page shows. */
export type SignInFailure = 'sign_in_failed' | 'registration_closed';

const NOT_CONFIGURED = 'Single sign-on is not set up on this server.';
const HANDOFF_GONE = 'This sign-in has expired. Please sign in again.';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the configured claim holds the configured value (a text, or one of a list). */
export function roleFromClaims(claims: OidcClaims, settings: OidcSettings): Role | null {
  if (!settings.adminClaim || settings.adminValue === undefined) return null;
  const value = claims[settings.adminClaim];
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.some((item) => String(item) === settings.adminValue) ? 'admin' : 'user';
}

/** Sign-in through an OpenID provider, and from a trusted reverse proxy's header. */
export class SingleSignOnService {
  constructor(private readonly deps: SingleSignOnDeps) {}

  /** The provider's URL to send the browser to, and the state cookie to set meanwhile. */
  async startOidc(remember: boolean): Promise<{ url: string; stateCookie: string }> {
    const { client } = this.oidc();
    const { pending, url } = await client.begin();
    const stateCookie = this.deps.stateTickets.sign({ ...pending, remember }, STATE_SECONDS);
    return { url, stateCookie };
  }

  /**
   * Completes the provider's sign-in and answers the cookie that hands the account to the web
   * app; a failure answers its code (the reason is logged, never shown).
   */
  async finishOidc(
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    stateCookie: string | null,
  ): Promise<{ handoffCookie: string } | { failure: SignInFailure }> {
    const { client, settings } = this.oidc();
    try {
      const pending = stateCookie ? this.deps.stateTickets.verify(stateCookie) : null;
      const { state, nonce, verifier, remember } = pending ?? {};
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') {
        throw new OidcFailure('the sign-in state is missing or expired');
      }
      if (!query.state || !sameText(query.state, state)) {
        throw new OidcFailure('the state does not match');
      }
      if (query.error || !query.code) {
        throw new OidcFailure(`the provider refused: ${query.error ?? 'no code'}`);
      }
      const claims = await client.complete(query.code, { state, nonce, verifier });
      const userId = await this.deps.accounts.accountFor({
        identity: { issuer: client.issuer, subject: claims.sub as string },
        email: typeof claims.email === 'string' ? claims.email : '',
        emailVerified: claims.email_verified === true && typeof claims.email === 'string',
        name: typeof claims.name === 'string' ? claims.name : null,
        role: roleFromClaims(claims, settings),
      });
      const handoffCookie = this.deps.handoffTickets.sign(
        { sub: userId, remember: remember === true, jti: randomUUID() },
        HANDOFF_SECONDS,
      );
      return { handoffCookie };
    } catch (error) {
      if (error instanceof OidcFailure) {
        this.deps.log.warn({ reason: error.message }, 'OpenID Connect sign-in failed');
        return { failure: 'sign_in_failed' };
      }
      if (error instanceof AppError && error.code === 'registration_closed') {
        return { failure: 'registration_closed' };
      }
      if (error instanceof AppError && error.code === 'sign_in_failed') {
        this.deps.log.warn({ reason: error.message }, 'OpenID Connect sign-in failed');
        return { failure: 'sign_in_failed' };
      }
      throw error;
    }
  }

  /**
   * The session of the account the handoff cookie names, once; for an account with two-factor
   * sign-in, the challenge its code answers instead (`POST /api/auth/login/second-factor`).
   */
  async redeemHandoff(handoffCookie: string | null, device: SignInDevice): Promise<LoginOutcome> {
    const ticket = handoffCookie ? this.deps.handoffTickets.verify(handoffCookie) : null;
    const { sub, jti, remember, exp } = ticket ?? {};
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') {
      throw new Unauthorized(HANDOFF_GONE, 'sign_in_failed');
    }
    if (!(await this.deps.revoked.useOnce(`handoff:${jti}`, new Date(exp * 1000)))) {
      throw new Unauthorized(HANDOFF_GONE, 'sign_in_failed');
    }
    const outcome = await this.deps.auth.signInFromProvider(sub, remember === true, device);
    if (!outcome) throw new Unauthorized(HANDOFF_GONE, 'sign_in_failed');
    return outcome;
  }

  /** The session of the account whose e-mail a trusted proxy's header carries. */
  async proxySignIn(
    email: string | null,
    remember: boolean,
    device: SignInDevice,
  ): Promise<Session> {
    const address = email?.trim() ?? '';
    if (!address || address.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(address)) {
      throw new Unauthorized('Your proxy did not say who you are. Please log in.', 'unauthorized');
    }
    const userId = await this.deps.accounts.accountFor({
      identity: null,
      email: address,
      emailVerified: true,
      name: null,
      role: null,
    });
    const session = await this.deps.auth.sessionFor(userId, remember, device);
    if (!session) throw new Unauthorized();
    return session;
  }

  private oidc(): NonNullable<SingleSignOnDeps['oidc']> {
    if (!this.deps.oidc) throw new NotFound(NOT_CONFIGURED, 'sign_in_not_configured');
    return this.deps.oidc;
  }
}
