import type { User } from '@cadenza/contract/auth';
import { create } from 'zustand';
import {
  clearStoredSession,
  readStoredSession,
  TOKEN_KEY,
  USER_KEY,
  writeStoredSession,
} from './session-storage';

interface AuthState {
  token: string | null;
  user: User | null;
  setSession: (token: string, user: User, remember: boolean) => void;
  clearSession: () => void;
  /** Re-reads the browser storage, e.g. after another tab changed it. */
  syncFromStorage: () => void;
}

function stateFromStorage(): Pick<AuthState, 'token' | 'user'> {
  const stored = readStoredSession();
  return { token: stored?.token ?? null, user: stored?.user ?? null };
}

export const useAuthStore = create<AuthState>()((set) => ({
  ...stateFromStorage(),
  setSession: (token, user, remember) => {
    writeStoredSession({ token, user, remember });
    set({ token, user });
  },
  clearSession: () => {
    clearStoredSession();
    set({ token: null, user: null });
  },
  syncFromStorage: () => set(stateFromStorage()),
}));

export const selectIsLoggedIn = (state: AuthState): boolean => state.token !== null;
export const selectIsAdmin = (state: AuthState): boolean => state.user?.role === 'admin';

export function dashboardPathFor(user: User | null): string {
  return user?.role === 'admin' ? '/admin/dashboard' : '/user/dashboard';
}

/**
 * Follows changes other tabs make to the stored session. A `storage` event with a null key
 * means the whole storage was cleared.
 */
export function subscribeToStorageChanges(): () => void {
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) {
      useAuthStore.getState().syncFromStorage();
    }
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
