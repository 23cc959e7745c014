import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NotFound, Unauthorized } from '../errors';
import { bearerTokenOf } from '../plugins/bearer-token';
import type { AppMetrics } from './app-metrics';

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(bearerTokenOf(header) ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answered request in `metrics` (when there are metrics), and answers `/metrics`:
 * with the metrics for the bearer of `token`, 401 for anybody else, and 404 while the app's port
 * serves none (never the web app, so that a scraper pointed at it reports a failure).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics | null,
  token: string | null,
): void {
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!metrics || token === null) throw new NotFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new Unauthorized('A valid metrics token is required.');
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
