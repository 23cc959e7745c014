import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { RateLimited } from '../errors';
import type { RateLimit } from '../rate-limits';
import { clientKey } from './client-address';

export type RateLimitHookFactory = (
  name: string,
  rule: RateLimit,
  key?: (request: FastifyRequest) => string,
) => preHandlerAsyncHookHandler;

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A preHandler that limits one action, keyed by the client's address (see `clientKey`) unless
 * `key` says otherwise (for example the account an attempt is aimed at, from that address).
 * Several may guard one route: each counts on its own.
 */
export function rateLimitHook(
  app: FastifyInstance,
  name: string,
  rule: RateLimit,
  key: (request: FastifyRequest) => string = (request) => clientKey(request.ip),
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw overLimit(reply, result.ttlInSeconds);
  };
}

/** The answer to an attempt over its limit: `Retry-After`, and a message saying how long. */
export function overLimit(reply: FastifyReply, waitSeconds: number): RateLimited {
  reply.header('retry-after', String(waitSeconds));
  return new RateLimited(`Too many attempts. Please try again in ${describeWait(waitSeconds)}.`);
}
