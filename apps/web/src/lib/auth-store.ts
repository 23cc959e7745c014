import type { User } from '@cadenza/contract/auth';
import { create } from 'zustand';
import {
  clearStoredSession,
  isSessionRemembered,
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
  /**
   * The same session under a new token or with the account changed (a password change, other
   * sessions signed out, a new name), kept where it was kept: remembered or for this tab.
   */
  renewSession: (token: string, user: User) => void;
  /**
   * Re-reads the browser storage: before the first render (main.tsx) and after another tab
   * changed it. A session set or cleared here meanwhile wins over what the read finds.
   */
  syncFromStorage: () => Promise<void>;
}

// Bumped by every change made in this tab: a storage read that started before one is stale.
let changes = 0;

export const useAuthStore = create<AuthState>()((set) => ({
  // Empty until the first read of the storage, which the first render waits for.
  token: null,
  user: null,
  setSession: (token, user, remember) => {
    changes++;
    writeStoredSession({ token, user, remember });
    set({ token, user });
  },
  renewSession: (token, user) => {
    changes++;
    writeStoredSession({ token, user, remember: isSessionRemembered() });
    set({ token, user });
  },
  clearSession: () => {
    changes++;
    clearStoredSession();
    set({ token: null, user: null });
  },
  syncFromStorage: async () => {
    const startedAt = changes;
    const stored = await readStoredSession();
    if (changes !== startedAt) return;
    set({ token: stored?.token ?? null, user: stored?.user ?? null });
  },
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
      void useAuthStore.getState().syncFromStorage();
    }
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
