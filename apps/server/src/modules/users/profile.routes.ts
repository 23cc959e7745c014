import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { profileSchema } from '@cadenza/contract/profile';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../delivery/media-urls';
import { presentProfile } from './users.presenter';
import type { UsersService } from './users.service';

export interface ProfileRoutesOptions {
  readonly users: UsersService;
  readonly urls: MediaUrls;
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { users, urls },
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
      data: presentProfile(await users.profile(callerOf(request).userId), urls),
    }),
  );
};
