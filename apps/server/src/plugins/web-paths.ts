import type { FastifyInstance } from 'fastify';

/**
 * What crawlers may index: the public pages. The API, media, the listener's and admin's areas,
 * the pages behind a login and the one-time reset links are no business of a search engine.
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /api/',
  'Disallow: /media/',
  'Disallow: /user/',
  'Disallow: /admin/',
  'Disallow: /discover',
  'Disallow: /player',
  'Disallow: /reset-password/',
  '',
].join('\n');

/**
 * True for a path that names a file rather than a page of the app: its last segment has an
 * extension (`/wp-login.php`, `/sitemap.xml`), or any segment is a dotfile (`/.env`,
 * `/.git/config`). No client route looks like that (ids and reset tokens have no dots), so such
 * a path is a missing file: a 404, never the app's HTML.
 */
export function looksLikeFile(pathname: string): boolean {
  const segments = pathname.split('/');
  const last = segments.at(-1) ?? '';
  return last.includes('.') || segments.some((segment) => segment.startsWith('.'));
}

/**
 * Whether the static web root may answer a path: never a source map (they would publish the
 * sources), never a dotfile (a 404 like any missing file rather than the plugin's 403).
 */
export function isServableWebFile(pathname: string): boolean {
  return !pathname.endsWith('.map') && !pathname.split('/').some((part) => part.startsWith('.'));
}

/** A private site has nothing for crawlers. */
export const PRIVATE_ROBOTS_TXT = ['User-agent: *', 'Disallow: /', ''].join('\n');

/** GET /robots.txt: served by the server itself, with or without a built web app. */
export async function webPathsRoutes(
  app: FastifyInstance,
  { siteMode }: { siteMode: 'public' | 'private' },
): Promise<void> {
  const robots = siteMode === 'private' ? PRIVATE_ROBOTS_TXT : ROBOTS_TXT;
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
}

/**
 * Whether a request path can be one of the web app's own routes, which the server answers with
 * index.html: segments of plain text, as the app's router writes them. Anything that names a file
 * (`/secret.txt`) or tries to climb out of the web root or disguise itself (`..`, `.` or empty
 * segments, backslashes, control characters, encoded separators or dots, double encoding) is a
 * request for something that is not there: 404, never the page.
 */
export function isClientRoutePath(rawPathname: string): boolean {
  if (/%(?:2f|5c|2e|25|00)/i.test(rawPathname)) return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return false;
  }
  if (!pathname.startsWith('/') || /[\\\p{Cc}]/u.test(pathname)) return false;
  const segments = pathname.slice(1).split('/');
  const last = segments.pop() ?? '';
  // The root itself, and a trailing slash, leave an empty last segment; no other may be empty.
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return false;
  }
  return !last.includes('.');
}
