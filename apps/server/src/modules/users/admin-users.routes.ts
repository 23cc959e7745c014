import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountMessages,
  accountStatusBodySchema,
  adminUserSchema,
  changeRoleBodySchema,
  createUserBodySchema,
  streamingLimitBodySchema,
} from '@cadenza/contract/accounts';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import { errorResponses } from '../../schemas';
import type { AccountsService } from './accounts.service';
import { presentAdminUser } from './users.presenter';
import type { UsersService } from './users.service';
import { adminUserApi } from '@cadenza/contract/routes/admin';
import { declared, declaredAnswer } from '../../declared-routes';

export interface AdminUsersRoutesOptions {
  readonly users: UsersService;
  readonly accounts: AccountsService;
}

/** The admin dashboard's user management, under /api/admin. */
export const adminUsersRoutes: FastifyPluginAsyncZod<AdminUsersRoutesOptions> = async (
  app,
  { users, accounts },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const adminUserResponse = successResponse(adminUserSchema);

  app.route({
    ...declared(app, adminUserApi.list),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'All accounts, newest first, a page at a time, with their status and last activity',
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(adminUserApi.list, pageResponse(adminUserSchema)),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => {
      const page = await users.page(request.query);
      return {
        success: true as const,
        data: page.items.map(presentAdminUser),
        nextCursor: page.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, adminUserApi.create),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'Create an account with a temporary password, to be changed at first login',
      body: createUserBodySchema,
      response: {
        201: declaredAnswer(adminUserApi.create, adminUserResponse),
        ...errorResponses(400, 401, 403, 409),
      },
    },
    handler: async (request, reply) => {
      const user = await accounts.create(request.body);
      return reply.status(201).send({ success: true, data: presentAdminUser(user) });
    },
  });

  app.route({
    ...declared(app, adminUserApi.changeRole),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: "Change an account's role (the last active administrator stays one)",
      params: idParamsSchema,
      body: changeRoleBodySchema,
      response: {
        200: declaredAnswer(adminUserApi.changeRole, adminUserResponse),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentAdminUser(await accounts.changeRole(request.params.id, request.body.role)),
    }),
  });

  app.route({
    ...declared(app, adminUserApi.changeStatus),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary:
        'Disable an account (its sessions and app keys stop at once) or enable it again; ' +
        'the last active administrator cannot be disabled',
      params: idParamsSchema,
      body: accountStatusBodySchema,
      response: {
        200: declaredAnswer(adminUserApi.changeStatus, adminUserResponse),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentAdminUser(await accounts.setDisabled(request.params.id, request.body.disabled)),
    }),
  });

  app.route({
    ...declared(app, adminUserApi.changeStreamingLimit),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary:
        'Set the richest stream an account may have (original: no limit of its own; the ' +
        'server-wide limit still holds); downloads stay the file as it is',
      params: idParamsSchema,
      body: streamingLimitBodySchema,
      response: {
        200: declaredAnswer(adminUserApi.changeStreamingLimit, adminUserResponse),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentAdminUser(
        await accounts.setStreamingLimit(request.params.id, request.body.streamingQualityLimit),
      ),
    }),
  });

  app.route({
    ...declared(app, adminUserApi.sendPasswordReset),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'Mail the account a password reset link',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(adminUserApi.sendPasswordReset, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await accounts.sendPasswordReset(request.params.id);
      return { success: true as const, message: accountMessages.resetSent };
    },
  });

  app.route({
    ...declared(app, adminUserApi.remove),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary:
        'Delete a listener with their playlists, likes, saves and plays, ending their sessions ' +
        '(administrators cannot be deleted)',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(adminUserApi.remove, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await users.delete(request.params.id);
      return { success: true as const, message: 'User deleted.' };
    },
  });
};
