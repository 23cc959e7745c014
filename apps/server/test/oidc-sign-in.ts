import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestOidcProvider } from './oidc-provider';
import type { TestApp } from './test-app';

/** The `name=value` of a Set-Cookie line the response sets, by name. */
export function setCookie(res: LightMyRequestResponse, name: string): string | null {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  const pair = line?.split(';')[0] ?? '';
  return pair.endsWith('=') || pair === '' ? null : pair;
}

export interface OidcSignIn {
  /** Where the callback sent the browser: the login page, with `sso` or `sso_error`. */
  readonly landing: URL;
  /** The cookie the web app picks the session up with, if the sign-in succeeded. */
  readonly handoff: string | null;
  /** POST /api/auth/oidc/session with that cookie. */
  readonly session: LightMyRequestResponse | null;
}

/** The whole browser round trip: Cadenza, the provider's pages as `sub`, back, the session. */
export async function signInWithOidc(
  t: TestApp,
  provider: TestOidcProvider,
  sub: string,
  /** false leaves the handoff cookie unused. */
  redeem = true,
): Promise<OidcSignIn> {
  const start = await t.app.inject({ url: '/api/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const state = setCookie(start, 'cadenza_oidc_state');
  const back = await provider.authorize(String(start.headers.location), sub);
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: state ? { cookie: state } : {},
  });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(String(callback.headers.location));
  const handoff = setCookie(callback, 'cadenza_oidc_session');
  const session =
    handoff && redeem
      ? await t.app.inject({
          method: 'POST',
          url: '/api/auth/oidc/session',
          headers: { cookie: handoff },
        })
      : null;
  return { landing, handoff, session };
}
