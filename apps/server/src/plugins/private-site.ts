import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The API routes a visitor of a private site may call: signing in, up (as the registration
 * setting allows) and resetting a password, what the login page needs to know of the site, and
 * the health checks of the orchestrator. Every other route needs a session, even those that are
 * public on a public site (the newest songs, the quick stats with the newest members, the
 * support forms, the chat).
 */
const OPEN_ON_A_PRIVATE_SITE = [
  '/api/auth/',
  '/api/general/config',
  '/api/health',
  '/api/ready',
  '/api/docs',
];

function openOnAPrivateSite(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  return OPEN_ON_A_PRIVATE_SITE.some((open) => route === open || route.startsWith(open));
}

/**
 * SITE_MODE=private: the API answers visitors 401 outside the routes the login page needs.
 * Registered on the /api scope before the modules; the guard it calls is the auth module's,
 * read when a request comes.
 */
export function requireSessionsOnAPrivateSite(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    if (openOnAPrivateSite(request)) return;
    await api.requireUser(request);
  });
}
