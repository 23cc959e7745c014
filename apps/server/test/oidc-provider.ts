import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** A person known to the test provider; `sub` is what they log in as. */
export interface TestOidcAccount {
  readonly sub: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly name?: string;
  readonly groups?: readonly string[];
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** OIDC_* variables for createTestApp. */
  readonly env: Record<string, string>;
  /**
   * Drives the provider's login and consent pages as a browser would (cookies, form posts) from
   * its authorization URL, logging in as `sub`; answers the URL it sends the browser back to.
   */
  authorize(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the oidc-provider package) on a free loopback port, with one
 * confidential client whose redirect URI is `redirectUri`, and its development login pages.
 */
export async function startOidcProvider(
  accounts: readonly TestOidcAccount[],
  redirectUri: string,
): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const clientId = 'cadenza';
  const clientSecret = 'a-client-secret-of-the-test-provider';
  const known = new Map(accounts.map((account) => [account.sub, account]));
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['cookie-key-of-the-test-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: true } },
    findAccount: (_context, sub) => {
      const account = known.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...account, groups: [...(account.groups ?? [])] }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  server.on('request', (request, response) => {
    void handle(request, response);
  });

  async function authorize(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | null = null;
    for (let hop = 0; hop < 20; hop += 1) {
      const res = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        jar.set(pair.slice(0, index), pair.slice(index + 1));
      }
      form = null;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        if (url.toString().startsWith(redirectUri)) return url;
        continue;
      }
      const page = await res.text();
      if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${page}`);
      // The development pages: a login form, then a consent form, both posted back to the page.
      form = page.includes('name="login"')
        ? new URLSearchParams({ prompt: 'login', login: sub, password: 'any' })
        : new URLSearchParams({ prompt: 'consent' });
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
