import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@cadenza/contract/auth';
import { idParamsSchema, messageResponseSchema } from '@cadenza/contract/envelope';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import { errorResponses } from '../../schemas';
import { presentUser } from './users.presenter';
import type { UsersService } from './users.service';

/** The admin dashboard's user management, under /api/admin. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/users',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'All accounts, newest first, a page at a time',
        querystring: pageQuerySchema,
        response: { 200: pageResponse(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await users.page(request.query);
      return {
        success: true as const,
        data: page.items.map(presentUser),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary:
          'Delete a listener with their playlists, likes, saves and plays, ending their sessions ' +
          '(administrators cannot be deleted)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await users.delete(request.params.id);
      return { success: true as const, message: 'User deleted.' };
    },
  );
};
