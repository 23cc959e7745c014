/**
 * Which of the page's requests the service worker answers, and how. Only the app itself is its
 * business: the API, media, the phone apps' `/rest` and anything not built with the app go to
 * the network untouched.
 */

/** The server's own answers: the API, media and the phone apps' API. */
export const SERVER_ONLY_PREFIXES = ['/api/', '/media/', '/rest/'];

/** Paths the server answers itself, never the app's page. */
const SERVER_PREFIXES = [...SERVER_ONLY_PREFIXES, '/assets/'];

/**
 * Whether a navigation to `pathname` opens one of the app's pages, so that the shell may stand
 * in for it offline: plain segments without a file extension, outside the server's own paths
 * (the server's rule for when it answers with the app, in plugins/web-paths.ts).
 */
export function isAppPage(pathname: string): boolean {
  if (pathname === '/api' || pathname === '/rest') return false;
  if (SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const segments = pathname.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return false;
  return !(segments.at(-1) ?? '').includes('.');
}

export type RequestHandling =
  /** A page of the app: the network's answer, the kept shell when there is none. */
  | 'page'
  /** Another navigation (a download, a file): the network's answer, nothing kept. */
  | 'network-navigation'
  /** A file of a build: from the kept copy, the network only if it is missing. */
  | 'build-file'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'pass';

export interface RequestFacts {
  method: string;
  mode: RequestMode;
  url: URL;
}

export function handlingOf(
  { method, mode, url }: RequestFacts,
  origin: string,
  buildFiles: ReadonlySet<string>,
): RequestHandling {
  if (method !== 'GET' || url.origin !== origin) return 'pass';
  if (mode === 'navigate') return isAppPage(url.pathname) ? 'page' : 'network-navigation';
  // Any build's hashed files, not only this one's: a page opened before an update still loads
  // its own screens' code, which the server no longer has.
  const isBuildFile = url.pathname.startsWith('/assets/') || buildFiles.has(url.pathname);
  return isBuildFile ? 'build-file' : 'pass';
}
