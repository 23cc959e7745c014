import { singleSignOnApi } from '@cadenza/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import { isChallenge, parseLoginResult, type LoginResult } from './login';

/** Where the login page's button leaves for the OpenID provider (a whole-page navigation). */
export const OIDC_START_URL = singleSignOnApi.oidcStart.path;

/**
 * POST /api/auth/oidc/session after the provider sent the browser back (its cookie says who), or
 * POST /api/auth/proxy when a reverse proxy signs people in (its header says who). After the
 * provider, an account with two-factor sign-in gets the challenge its code answers.
 */
export async function pickUpSession(via: 'oidc' | 'proxy'): Promise<LoginResult> {
  const route = via === 'oidc' ? singleSignOnApi.oidcSession : singleSignOnApi.proxySession;
  const payload = await call(route, { redirectOnUnauthorized: false });
  return parseLoginResult(payload);
}

export function useSessionFromElsewhere() {
  return useMutation({
    mutationFn: pickUpSession,
    onSuccess: (result) => {
      if (isChallenge(result)) return;
      useAuthStore.getState().setSession(result.token, result.user, false);
    },
  });
}
