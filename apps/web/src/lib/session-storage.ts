import { userSchema, type User } from '@cadenza/contract/auth';

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

function readFrom(name: StorageName): StoredSession | null {
  const storage = getStorage(name);
  if (!storage) return null;
  const token = storage.getItem(TOKEN_KEY);
  const rawUser = storage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(rawUser));
    return parsed.success ? { token, user: parsed.data, remember: name === 'localStorage' } : null;
  } catch {
    return null;
  }
}

/** The session kept in the browser: a remembered one first, then this tab's. */
export function readStoredSession(): StoredSession | null {
  return readFrom('localStorage') ?? readFrom('sessionStorage');
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

export function clearStoredSession(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    const storage = getStorage(name);
    storage?.removeItem(TOKEN_KEY);
    storage?.removeItem(USER_KEY);
  }
}
