import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RetryLater } from '../../errors';
import { rateLimitHook } from '../../plugins/rate-limit';
import { clientKey } from '../../plugins/client-address';
import type { RateLimits } from '../../rate-limits';
import { allowBrowserClients } from './browser-clients';
import { CLIENT_INFO_BODY_LIMIT } from './client-info';
import type { SubsonicAuth, SubsonicCaller } from './subsonic-auth';
import { FILE_SENT, type SubsonicEndpoint, type SubsonicEndpoints } from './subsonic-endpoint';
import { subsonicFailureOf } from './subsonic-errors';
import { SubsonicParams } from './subsonic-params';
import {
  errorPayload,
  SubsonicCode,
  SubsonicError,
  type SubsonicEnvelope,
} from './subsonic-response';
import { serialized } from './subsonic-serializers';

export interface SubsonicRoutesOptions {
  readonly endpoints: SubsonicEndpoints;
  readonly auth: SubsonicAuth;
  readonly limits: RateLimits;
}

/** The largest form-encoded body a client may post (a long `savePlayQueue`, say). */
const FORM_BODY_LIMIT = 1024 * 1024;

/** Writes an envelope in the format the client asked for (`f`): XML unless JSON or JSONP. */
function send(
  reply: FastifyReply,
  params: SubsonicParams,
  envelope: SubsonicEnvelope,
  httpStatus = 200,
): FastifyReply {
  const { contentType, body } = serialized(envelope, params.get('f'), params.get('callback'));
  return reply.status(httpStatus).header('cache-control', 'no-store').type(contentType).send(body);
}

function paramsOf(request: FastifyRequest): SubsonicParams {
  return SubsonicParams.of(request.query, request.body);
}

/**
 * The OpenSubsonic API under /rest: `/rest/<name>` and `/rest/<name>.view`, by GET or by a
 * form-encoded POST. Every answer, failures included, is a `subsonic-response` (HTTP 200 as the
 * protocol wants; only rate limits and outages use their own status), and an unknown name is
 * Subsonic's error too, never a 404 page.
 */
export const subsonicRoutes: FastifyPluginAsync<SubsonicRoutesOptions> = async (
  app,
  { endpoints, auth, limits },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const values: Record<string, string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        (values[name] ??= []).push(value);
      }
      done(null, values);
    },
  );

  // A JSON body (getTranscodeDecision's ClientInfo) is kept as its text for the endpoint to
  // read; it is never taken for parameters.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CLIENT_INFO_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  allowBrowserClients(app);

  const callers = new WeakMap<FastifyRequest, SubsonicCaller>();
  const keyOf = (request: FastifyRequest) => callers.get(request)?.keyId ?? clientKey(request.ip);
  // API calls and media fetches are counted apart: an app scrolling covers must not use up the
  // calls it syncs with, nor the other way round.
  const perAddress = {
    api: rateLimitHook(app, 'subsonic-address', limits.subsonicPerAddress),
    media: rateLimitHook(app, 'subsonic-media-address', limits.subsonicMediaPerAddress),
  };
  const perKey = {
    api: rateLimitHook(app, 'subsonic-key', limits.subsonicPerKey, keyOf),
    media: rateLimitHook(app, 'subsonic-media-key', limits.subsonicMediaPerKey, keyOf),
  };
  const endpointNamed = (name: string) =>
    Object.hasOwn(endpoints, name) ? endpoints[name] : undefined;
  const bucketOf = (endpoint: SubsonicEndpoint | undefined) =>
    endpoint?.access !== 'open' && endpoint?.media ? 'media' : 'api';

  app.setErrorHandler((thrown, request, reply) => {
    const { error, httpStatus } = subsonicFailureOf(thrown, request);
    if (thrown instanceof RetryLater) reply.header('retry-after', String(thrown.retryAfterSeconds));
    return send(
      reply,
      paramsOf(request),
      { status: 'failed', payload: errorPayload(error) },
      httpStatus,
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new SubsonicError(SubsonicCode.generic, 'Not implemented');
    return send(reply, paramsOf(request), { status: 'failed', payload: errorPayload(error) });
  });

  app.route<{ Params: { endpoint: string } }>({
    // HEAD is declared, not left to Fastify's own HEAD route, which would answer every stream
    // with Content-Length: 0: a file's HEAD says its length, a transcode's none.
    method: ['GET', 'HEAD', 'POST'],
    url: '/:endpoint',
    schema: { hide: true },
    handler: async (request, reply) => {
      const name = request.params.endpoint.replace(/\.view$/, '');
      const endpoint = endpointNamed(name);
      const bucket = bucketOf(endpoint);
      await perAddress[bucket].call(app, request, reply);
      const params = paramsOf(request);
      params.ensureText();
      if (!endpoint) {
        throw new SubsonicError(SubsonicCode.generic, `Not implemented: ${name}`);
      }
      if (endpoint.access === 'open') {
        return send(reply, params, { status: 'ok', payload: await endpoint.handle(params) });
      }
      const caller = await auth.signIn(params);
      callers.set(request, caller);
      await perKey[bucket].call(app, request, reply);
      if (endpoint.access === 'admin' && caller.user.role !== 'admin') {
        throw new SubsonicError(SubsonicCode.notAuthorized, 'Administrators only');
      }
      const answer = await endpoint.handle({ params, caller, request, reply });
      if (answer === FILE_SENT) return reply;
      return send(reply, params, { status: 'ok', payload: answer });
    },
  });
};
