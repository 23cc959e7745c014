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
import { presentApiKey, presentCreatedApiKey } from './api-keys.presenter';
import type { ApiKeysService } from './api-keys.service';

/** A listener's keys for phone and desktop apps, under /api/user/api-keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (
  app,
  { keys },
) => {
  const common = { tags: ['user'], security: [{ bearerAuth: [] }] };

  app.post(
    '/',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Make a key for an app (the Subsonic API under /rest); the key is shown this once',
        body: createApiKeyBodySchema,
        response: { 201: successResponse(createdApiKeySchema), ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const created = await keys.create(callerOf(request).userId, request.body.name);
      return reply.code(201).send({ success: true as const, data: presentCreatedApiKey(created) });
    },
  );

  app.get(
    '/',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: "The caller's app keys, oldest first, without the keys themselves",
        response: { 200: successResponse(z.array(apiKeySchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await keys.list(callerOf(request).userId)).map(presentApiKey),
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Revoke one of the caller’s app keys: apps using it are signed out at once',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await keys.revoke(callerOf(request).userId, request.params.id);
      return { success: true as const, message: 'API key revoked.' };
    },
  );
};
