/** Router state carried to /login so that a successful login returns to the origin. */
export interface LoginRedirectState {
  from: string;
}

/**
 * Router state of the move to /login that logging out makes: the session is cleared only once the
 * page has changed, and /login must not send this visitor back to a dashboard meanwhile.
 */
export interface SignedOutState {
  signedOut: true;
}

export function isSignedOutState(state: unknown): state is SignedOutState {
  return typeof state === 'object' && state !== null && 'signedOut' in state;
}

export function pathOf(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * The origin remembered in router state, accepted as a path string or a location object,
 * and only when it is a page of this app (never another site, never /login itself).
 */
export function readRedirectOrigin(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  let path: string | null = null;
  if (typeof from === 'string') {
    path = from;
  } else if (
    typeof from === 'object' &&
    from !== null &&
    'pathname' in from &&
    typeof from.pathname === 'string'
  ) {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    path = pathOf({ pathname: from.pathname, search, hash });
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    return null;
  }
  if (path === '/login' || path.startsWith('/login?') || path.startsWith('/login#')) return null;
  return path;
}
