import { authApi } from '@cadenza/contract/routes/auth';
import type { RegisterBody, SessionResponse } from '@cadenza/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import { parseSessionResponse } from './session-response';

export async function register(body: RegisterBody): Promise<SessionResponse> {
  const payload = await call(authApi.register, {
    body,
    redirectOnUnauthorized: false,
  });
  return parseSessionResponse(payload);
}

/** Signs up and logs in. Sign-up has no remember-me: a new account stays signed in. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, user }) => {
      useAuthStore.getState().setSession(token, user, true);
    },
  });
}
