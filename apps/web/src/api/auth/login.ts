import { authApi } from '@cadenza/contract/routes/auth';
import type { LoginBody, SessionResponse } from '@cadenza/contract/auth';
import type { SecondFactorChallenge } from '@cadenza/contract/second-factor';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import { temporarySession } from '@/lib/temporary-session';
import { parseSessionResponse } from './session-response';

/** A session, or for an account with two-factor sign-in, the challenge its code answers. */
export type LoginResult = SessionResponse | SecondFactorChallenge;

export function isChallenge(result: LoginResult): result is SecondFactorChallenge {
  return 'secondFactorRequired' in result;
}

/** A first sign-in step's answer: the session, or the challenge of a second factor. */
export async function parseLoginResult(payload: unknown): Promise<LoginResult> {
  if (typeof payload === 'object' && payload !== null && 'secondFactorRequired' in payload) {
    const { secondFactorChallengeSchema } = await import('@cadenza/contract/second-factor');
    const parsed = secondFactorChallengeSchema.safeParse(payload);
    if (!parsed.success) throw new Error('Unexpected login response');
    return parsed.data;
  }
  return parseSessionResponse(payload);
}

export async function login(body: LoginBody): Promise<LoginResult> {
  // A 401 here means wrong credentials, not a lost session: no redirect.
  const payload = await call(authApi.login, {
    body,
    redirectOnUnauthorized: false,
  });
  return parseLoginResult(payload);
}

/**
 * Logs in and keeps the session in localStorage with remember-me, sessionStorage without. A
 * temporary password's session is kept in memory for the change-password screen alone.
 */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result, body) => {
      if (isChallenge(result)) return;
      if (result.passwordChangeRequired) {
        temporarySession.keep(result.token);
        return;
      }
      useAuthStore.getState().setSession(result.token, result.user, body.remember ?? false);
    },
  });
}
