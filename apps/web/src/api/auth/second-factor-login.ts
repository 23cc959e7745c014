import { authApi } from '@cadenza/contract/routes/auth';
import type { SessionResponse } from '@cadenza/contract/auth';
import type { SecondFactorLoginBody } from '@cadenza/contract/second-factor';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import { parseSessionResponse } from './session-response';

/** POST /api/auth/login/second-factor: the login's challenge and a code give the session. */
export async function completeSecondFactor(body: SecondFactorLoginBody): Promise<SessionResponse> {
  const payload = await call(authApi.secondFactorLogin, {
    body,
    redirectOnUnauthorized: false,
  });
  return parseSessionResponse(payload);
}

export function useSecondFactorLogin(remember: boolean) {
  return useMutation({
    mutationFn: completeSecondFactor,
    onSuccess: ({ token, user }) => {
      useAuthStore.getState().setSession(token, user, remember);
    },
  });
}
