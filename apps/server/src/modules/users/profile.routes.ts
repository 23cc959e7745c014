import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { profileSchema } from '@cadenza/contract/profile';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { ProfileService } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/profile',
    {
      onRequest: [app.requireUser],
      schema: {
        tags: ['user'],
        summary: 'The signed-in account with its liked and saved songs',
        security: [{ bearerAuth: [] }],
        response: { 200: successResponse(profileSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profiles.get(callerOf(request).userId),
    }),
  );
};
