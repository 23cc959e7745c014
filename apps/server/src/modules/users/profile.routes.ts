import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { profileSchema } from '@cadenza/contract/profile';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentProfile } from './users.presenter';
import type { UsersService } from './users.service';
import { accountApi } from '@cadenza/contract/routes/account';
import { declared, declaredAnswer } from '../../declared-routes';

export interface ProfileRoutesOptions {
  readonly users: UsersService;
  readonly urls: MediaUrls;
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { users, urls },
) => {
  app.route({
    ...declared(app, accountApi.profile),
    onRequest: [app.requireUser],
    schema: {
      tags: ['user'],
      summary: 'The signed-in account with its liked and saved songs',
      security: [{ bearerAuth: [] }],
      response: {
        200: declaredAnswer(accountApi.profile, successResponse(profileSchema)),
        ...errorResponses(401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentProfile(await users.profile(callerOf(request).userId), urlsFor(urls, request)),
    }),
  });
};
