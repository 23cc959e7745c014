import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookies of single sign-on live only on its own routes, for minutes. */
export const COOKIE_PATH = '/api/auth/oidc';

/** One cookie of the request's Cookie header, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * Sets (or, with a null value, clears) an HttpOnly cookie. SameSite=Lax: it comes back on the
 * provider's top-level redirect, never on a request another site makes in the background.
 */
export function writeCookie(
  reply: FastifyReply,
  name: string,
  value: string | null,
  options: { readonly maxAgeSeconds: number; readonly secure: boolean },
): void {
  const attributes = [
    `${name}=${value ?? ''}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${value === null ? 0 : options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  const previous = reply.getHeader('set-cookie');
  const cookies = Array.isArray(previous) ? previous : previous ? [String(previous)] : [];
  reply.header('set-cookie', [...cookies, attributes.join('; ')]);
}
