/**
 * The session of a first login with a temporary password. It can do nothing but choose the
 * password, so it is kept in memory only, never stored as the signed-in session: a reload asks
 * to log in again with the temporary password.
 */
let pending: string | null = null;

export const temporarySession = {
  keep(token: string): void {
    pending = token;
  },
  token(): string | null {
    return pending;
  },
  clear(): void {
    pending = null;
  },
};
