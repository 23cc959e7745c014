import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountMessages } from '@cadenza/contract/accounts';
import type { Caller } from '../domain/caller';
import { Forbidden, Unauthorized } from '../errors';
import { bearerTokenOf } from './bearer-token';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** onRequest guard: any logged-in account whose password is its own. */
    requireUser(request: FastifyRequest): Promise<void>;
    /**
     * onRequest guard: any logged-in account, even one that must still replace a temporary
     * password (logging out, choosing the password).
     */
    requireSession(request: FastifyRequest): Promise<void>;
    /** onRequest guard: role admin only (401 for visitors, 403 for users). */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

export interface AuthPluginOptions {
  authenticate(token: string): Promise<Caller | null>;
}

/** The signed-in user of a request, or throws 401 (the only way routes learn who calls). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Unauthorized();
  return request.caller;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('caller', null);

  async function identify(request: FastifyRequest): Promise<Caller> {
    // Already checked for this request (the private site mode checks before the route does).
    if (request.caller) return request.caller;
    const token = bearerTokenOf(request.headers.authorization);
    if (!token) throw new Unauthorized();
    const caller = await options.authenticate(token);
    if (!caller)
      throw new Unauthorized('Your session has expired. Please log in again.', 'session_expired');
    request.caller = caller;
    return caller;
  }

  async function identifyWithOwnPassword(request: FastifyRequest): Promise<Caller> {
    const caller = await identify(request);
    if (caller.passwordChangeRequired) {
      throw new Forbidden(accountMessages.passwordChangeRequired, 'password_change_required');
    }
    return caller;
  }

  app.decorate('requireSession', async (request: FastifyRequest) => {
    await identify(request);
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await identifyWithOwnPassword(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const caller = await identifyWithOwnPassword(request);
    if (caller.role !== 'admin') throw new Forbidden('Administrators only.', 'admins_only');
    if (caller.secondFactorMissing) {
      throw new Forbidden(accountMessages.secondFactorRequired, 'second_factor_required');
    }
  });
});
