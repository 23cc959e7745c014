import type { LoginBody, SessionResponse } from '@cadenza/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { temporarySession } from '@/lib/temporary-session';
import { parseSessionResponse } from './session-response';

export async function login(body: LoginBody): Promise<SessionResponse> {
  // A 401 here means wrong credentials, not a lost session: no redirect.
  const payload = await apiClient.post<unknown>('/auth/login', body, {
    redirectOnUnauthorized: false,
  });
  return parseSessionResponse(payload);
}

/**
 * Logs in and keeps the session in localStorage with remember-me, sessionStorage without. A
 * temporary password's session is kept in memory for the change-password screen alone.
 */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user, passwordChangeRequired }, body) => {
      if (passwordChangeRequired) {
        temporarySession.keep(token);
        return;
      }
      useAuthStore.getState().setSession(token, user, body.remember ?? false);
    },
  });
}
