import type { FastifyInstance } from 'fastify';

/** What a browser may send to /rest: the protocol's methods, and how long it may trust that. */
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
/** Headers of a stream's or a download's answer that a page's script may read. */
const EXPOSED_HEADERS = 'Accept-Ranges, Content-Range, Content-Disposition, Retry-After';
/** A header list as a preflight asks for it: names (RFC 9110 tokens) and commas only. */
const HEADER_LIST = /^[\w!#$%&'*+.^`|~-]+(?:\s*,\s*[\w!#$%&'*+.^`|~-]+)*$/;

/**
 * Opens /rest to clients that run in a browser on another origin (web builds of Subsonic apps):
 * every answer allows any origin, and its media may be embedded anywhere (an <img> of a cover, an
 * <audio> of a stream). That is safe because /rest reads no cookie: each call carries its own
 * credentials, so a page elsewhere can do only what its own key allows. /api keeps its
 * same-origin policy; these headers are set in /rest's scope only.
 */
export function allowBrowserClients(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': EXPOSED_HEADERS,
      'cross-origin-resource-policy': 'cross-origin',
    });
    done();
  });

  // The preflight of a POST with a JSON body (getTranscodeDecision) or of a ranged fetch.
  app.options('/:endpoint', { schema: { hide: true } }, (request, reply) => {
    const asked = request.headers['access-control-request-headers'];
    const headers = typeof asked === 'string' && HEADER_LIST.test(asked) ? asked : 'Content-Type';
    return reply
      .status(204)
      .headers({
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': headers,
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .send();
  });
}
