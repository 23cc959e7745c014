import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '@cadenza/contract/api-keys';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { Caller } from '../../domain/caller';
import { presentApiKey, presentCreatedApiKey } from './api-keys.presenter';
import type { ApiKeysService } from './api-keys.service';
import { apiKeyApi } from '@cadenza/contract/routes/account';
import { declared, declaredAnswer } from '../../declared-routes';

export interface ApiKeysRoutesOptions {
  readonly keys: ApiKeysService;
  /** A key outlives the session that made it: making one needs the password proved recently. */
  /** Throws unless the caller proved their password in this session lately (the auth module's). */
  readonly recentSignIn: { require(caller: Caller): Promise<void> };
}

/** A listener's keys for phone and desktop apps, under /api/user/api-keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod<ApiKeysRoutesOptions> = async (
  app,
  { keys, recentSignIn },
) => {
  const common = { tags: ['user'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, apiKeyApi.create),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        'Make a key for an app (the Subsonic API under /rest); the key is shown this once. ' +
        'Answers 403 reauthentication_required when the password was last proved in this ' +
        'session over 10 minutes ago (POST /api/user/account/reauthenticate, then again)',
      body: createApiKeyBodySchema,
      response: {
        201: declaredAnswer(apiKeyApi.create, successResponse(createdApiKeySchema)),
        ...errorResponses(400, 401, 403, 409),
      },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      await recentSignIn.require(caller);
      const created = await keys.create(caller.userId, request.body.name);
      return reply.code(201).send({ success: true as const, data: presentCreatedApiKey(created) });
    },
  });

  app.route({
    ...declared(app, apiKeyApi.list),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's app keys, oldest first, without the keys themselves",
      response: {
        200: declaredAnswer(apiKeyApi.list, successResponse(z.array(apiKeySchema))),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: (await keys.list(callerOf(request).userId)).map(presentApiKey),
    }),
  });

  app.route({
    ...declared(app, apiKeyApi.revoke),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Revoke one of the caller’s app keys: apps using it are signed out at once',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(apiKeyApi.revoke, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await keys.revoke(callerOf(request).userId, request.params.id);
      return { success: true as const, message: 'API key revoked.' };
    },
  });
};
