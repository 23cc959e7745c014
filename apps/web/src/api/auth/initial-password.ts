import { authApi } from '@cadenza/contract/routes/auth';
import type { InitialPasswordBody } from '@cadenza/contract/accounts';
import type { SessionResponse } from '@cadenza/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import { parseSessionResponse } from './session-response';

/** PUT /api/auth/initial-password with the temporary session of a first login. */
export async function setInitialPassword(
  token: string,
  body: InitialPasswordBody,
): Promise<SessionResponse> {
  const payload = await call(authApi.initialPassword, {
    body,
    token,
    redirectOnUnauthorized: false,
  });
  return parseSessionResponse(payload);
}

/** Replaces the temporary password, then keeps the new session as a login would. */
export function useSetInitialPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      setInitialPassword(token, { password }),
    onSuccess: ({ token, user }) => {
      useAuthStore.getState().setSession(token, user, false);
    },
  });
}
