import type { User } from '@cadenza/contract/auth';
import { isStoredUser, storedUser } from './stored-user';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface StoredSession {
  token: string;
  user: User;
  /** True when the session lives in localStorage (remember me), false for sessionStorage. */
  remember: boolean;
}

type StorageName = 'localStorage' | 'sessionStorage';

// Storage can be unavailable (disabled cookies, some private modes): treat it as empty.
function getStorage(name: StorageName): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

interface RawSession {
  token: string;
  rawUser: string;
  remember: boolean;
}

function rawFrom(name: StorageName): RawSession | null {
  const storage = getStorage(name);
  if (!storage) return null;
  const token = storage.getItem(TOKEN_KEY);
  const rawUser = storage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  return { token, rawUser, remember: name === 'localStorage' };
}

/**
 * The session kept in the browser: a remembered one first, then this tab's. Read before the first
 * render of every page; its user is checked without zod (stored-user.ts), so a signed-in first
 * screen does not wait for the schema library.
 */
export async function readStoredSession(): Promise<StoredSession | null> {
  for (const raw of [rawFrom('localStorage'), rawFrom('sessionStorage')]) {
    if (!raw) continue;
    try {
      const user: unknown = JSON.parse(raw.rawUser);
      if (isStoredUser(user))
        return { token: raw.token, user: storedUser(user), remember: raw.remember };
    } catch {
      // Not JSON: the next storage may still hold a good session.
    }
  }
  return null;
}

export function writeStoredSession(session: StoredSession): void {
  const target = getStorage(session.remember ? 'localStorage' : 'sessionStorage');
  const other = getStorage(session.remember ? 'sessionStorage' : 'localStorage');
  other?.removeItem(TOKEN_KEY);
  other?.removeItem(USER_KEY);
  try {
    target?.setItem(TOKEN_KEY, session.token);
    target?.setItem(USER_KEY, JSON.stringify(session.user));
  } catch {
    // Quota or privacy errors: the session still lives in memory for this tab.
  }
}

/** Whether the session kept in the browser is a remembered one (localStorage). */
export function isSessionRemembered(): boolean {
  return rawFrom('localStorage') !== null;
}

export function clearStoredSession(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    const storage = getStorage(name);
    storage?.removeItem(TOKEN_KEY);
    storage?.removeItem(USER_KEY);
  }
}
