import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@cadenza/contract/admin';
import { userSchema } from '@cadenza/contract/auth';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import { keysetPageRequest } from '../../paging';
import { errorResponses } from '../../schemas';
import type { AdminUsersService } from './admin-users.service';

/** The admin dashboard's counts and users, under /api/admin. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ adminUsers: AdminUsersService }> = async (
  app,
  { adminUsers },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/stats',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Total users, total songs and songs by genre',
        response: { 200: successResponse(adminStatsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await adminUsers.readStats() }),
  );

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
      const page = await adminUsers.list(keysetPageRequest(request.query));
      return { success: true as const, data: page.items, nextCursor: page.nextCursor };
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
      await adminUsers.delete(request.params.id);
      return { success: true as const, message: 'User deleted.' };
    },
  );
};
