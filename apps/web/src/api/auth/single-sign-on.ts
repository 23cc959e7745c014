import { singleSignOnApi } from '@cadenza/contract/routes/auth';
import type { SessionResponse } from '@cadenza/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import { parseSessionResponse } from './session-response';

/** Where the login page's button leaves for the OpenID provider (a whole-page navigation). */
export const OIDC_START_URL = singleSignOnApi.oidcStart.path;

/**
 * POST /api/auth/oidc/session after the provider sent the browser back (its cookie says who), or
 * POST /api/auth/proxy when a reverse proxy signs people in (its header says who).
 */
export async function pickUpSession(via: 'oidc' | 'proxy'): Promise<SessionResponse> {
  const route = via === 'oidc' ? singleSignOnApi.oidcSession : singleSignOnApi.proxySession;
  const payload = await call(route, { redirectOnUnauthorized: false });
  return parseSessionResponse(payload);
}

export function useSessionFromElsewhere() {
  return useMutation({
    mutationFn: pickUpSession,
    onSuccess: ({ token, user }) => {
      useAuthStore.getState().setSession(token, user, false);
    },
  });
}
