import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcSettings } from '../../config';

/** How long one call to the provider may take before the sign-in is given up. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** A sign-in could not be completed; `reason` is logged, never shown to the visitor. */
export class OidcFailure extends Error {}

interface Discovery {
  readonly issuer: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
  readonly userinfo_endpoint?: string;
  readonly jwks_uri: string;
}

/** What a sign-in carries from leaving for the provider to coming back. */
export interface PendingSignIn {
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
}

/** The claims of a verified sign-in: the ID token's, with the userinfo endpoint's added. */
export type OidcClaims = JWTPayload & Record<string, unknown>;

const randomText = () => randomBytes(32).toString('base64url');

function isDiscovery(value: unknown): value is Discovery {
  if (typeof value !== 'object' || value === null) return false;
  const document = value as Record<string, unknown>;
  return ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'].every(
    (field) => typeof document[field] === 'string',
  );
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new OidcFailure(`the provider could not be reached (${new URL(url).origin})`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new OidcFailure(`the provider answered ${response.status} at ${new URL(url).pathname}`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new OidcFailure('the provider answered something other than JSON', { cause: error });
  }
}

/**
 * A confidential client of one OpenID provider: the authorization code flow with PKCE (S256),
 * state and nonce, the provider's keys from its discovery document, client_secret_basic at the
 * token endpoint. Small on purpose: sign-in needs this one flow only.
 */
export class OidcClient {
  private discovery: Promise<Discovery> | null = null;
  private keys: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    /** Where the provider sends the browser back: PUBLIC_URL's /api/auth/oidc/callback. */
    readonly redirectUri: string,
  ) {}

  /** A fresh state, nonce and PKCE verifier, and the provider's URL that asks for a sign-in. */
  async begin(): Promise<{ pending: PendingSignIn; url: string }> {
    const provider = await this.discover();
    const pending = { state: randomText(), nonce: randomText(), verifier: randomText() };
    const url = new URL(provider.authorization_endpoint);
    const challenge = createHash('sha256').update(pending.verifier).digest('base64url');
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      url.searchParams.set(name, value);
    }
    return { pending, url: url.toString() };
  }

  /** Trades the code for tokens, verifies the ID token, and reads the userinfo claims. */
  async complete(code: string, pending: PendingSignIn): Promise<OidcClaims> {
    const provider = await this.discover();
    const basic = Buffer.from(
      `${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`,
    ).toString('base64');
    const tokens = (await fetchJson(provider.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        code_verifier: pending.verifier,
      }).toString(),
    })) as Record<string, unknown>;
    if (typeof tokens.id_token !== 'string') throw new OidcFailure('no ID token was returned');
    let claims: OidcClaims;
    try {
      this.keys ??= createRemoteJWKSet(new URL(provider.jwks_uri), {
        timeoutDuration: PROVIDER_TIMEOUT_MS,
      });
      ({ payload: claims } = await jwtVerify(tokens.id_token, this.keys, {
        issuer: provider.issuer,
        audience: this.settings.clientId,
      }));
    } catch (error) {
      throw new OidcFailure('the ID token did not verify', { cause: error });
    }
    if (claims.nonce !== pending.nonce) throw new OidcFailure('the ID token has another nonce');
    if (typeof claims.sub !== 'string' || claims.sub === '') {
      throw new OidcFailure('the ID token names no subject');
    }
    if (provider.userinfo_endpoint && typeof tokens.access_token === 'string') {
      const info = (await fetchJson(provider.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      })) as Record<string, unknown>;
      // Userinfo about anyone else than the ID token's subject is not believed (OIDC Core 5.3.2).
      if (info.sub !== claims.sub) throw new OidcFailure('userinfo names another subject');
      claims = { ...info, ...claims };
    }
    return claims;
  }

  get issuer(): string {
    return this.settings.issuer;
  }

  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const document = await fetchJson(`${this.settings.issuer}/.well-known/openid-configuration`);
      if (!isDiscovery(document)) throw new OidcFailure('the discovery document is incomplete');
      if (document.issuer.replace(/\/+$/, '') !== this.settings.issuer) {
        throw new OidcFailure('the discovery document names another issuer');
      }
      return document;
    })();
    // A failed discovery is tried again at the next sign-in rather than kept.
    this.discovery.catch(() => {
      this.discovery = null;
    });
    return this.discovery;
  }
}
