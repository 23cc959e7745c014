import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { trustedPeer } from './trusted-proxy';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand over: short, and nothing that could forge or break a log line. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the id a proxy TRUST_PROXY names sent in `X-Request-Id` (so that its log
 * and ours tell of the same request), else a new one. A client's own header is never believed.
 */
export function requestIdOf(setting: Config['trustProxy']): (request: IncomingMessage) => string {
  const fromProxy = trustedPeer(setting);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && GIVEN_ID.test(given) && fromProxy(request)) return given;
    return randomUUID();
  };
}

/**
 * Every answer says which request it was (`X-Request-Id`), failures included: the id every log
 * line of the request carries (`reqId`).
 */
export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
