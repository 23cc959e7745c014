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
