import { authApi } from '@cadenza/contract/routes/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';
import type { SignedOutState } from '@/lib/navigation';

/** Revokes this session on the server; best-effort, the browser forgets it either way. */
export function logoutRequest(): Promise<unknown> {
  return call(authApi.logout, { redirectOnUnauthorized: false });
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // The request reads the token before the session is cleared; nobody waits for it.
    logoutRequest().catch((error: unknown) => console.debug('Logout request failed', error));
    // Leave the page first so a protected screen does not see the cleared session and
    // send the visitor to /login with itself remembered as the origin.
    const state: SignedOutState = { signedOut: true };
    await navigate('/login', { state });
    useAuthStore.getState().clearSession();
  }, [navigate]);
}
