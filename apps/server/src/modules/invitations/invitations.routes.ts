import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  createdInvitationSchema,
  createInvitationBodySchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
} from '@cadenza/contract/accounts';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import {
  presentCreatedInvitation,
  presentInvitation,
  presentInvitationPreview,
} from './invitations.presenter';
import type { InvitationsService } from './invitations.service';
import { adminUserApi } from '@cadenza/contract/routes/admin';
import { declared, declaredAnswer } from '../../declared-routes';
import { authApi } from '@cadenza/contract/routes/auth';

/** The dashboard's invitations, under /api/admin. */
export const adminInvitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
}> = async (app, { invitations }) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  app.route({
    ...declared(app, adminUserApi.invitations),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'The invitations not yet used and not expired, newest first',
      response: {
        200: declaredAnswer(adminUserApi.invitations, successResponse(z.array(invitationSchema))),
        ...errorResponses(401, 403),
      },
    },
    handler: async () => ({
      success: true as const,
      data: (await invitations.listPending()).map(presentInvitation),
    }),
  });
  app.route({
    ...declared(app, adminUserApi.invite),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary:
        'Make a single-use sign-up link (optionally for one e-mail, with a role, mailed there)',
      body: createInvitationBodySchema,
      response: {
        201: declaredAnswer(adminUserApi.invite, successResponse(createdInvitationSchema)),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request, reply) => {
      const created = await invitations.create(callerOf(request).userId, request.body);
      return reply.status(201).send({ success: true, data: presentCreatedInvitation(created) });
    },
  });
  app.route({
    ...declared(app, adminUserApi.revokeInvitation),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'Revoke an unused invitation',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(adminUserApi.revokeInvitation, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await invitations.revoke(request.params.id);
      return { success: true as const, message: accountMessages.invitationRevoked };
    },
  });
};

/** What the sign-up page reads of an invitation link, under /api/auth. */
export const invitationPreviewRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
}> = async (app, { invitations }) => {
  app.route({
    ...declared(app, authApi.invitation),
    schema: {
      tags: ['auth'],
      summary: 'Whether an invitation link is valid, and the e-mail it is for',
      params: invitationTokenParamsSchema,
      response: {
        200: declaredAnswer(authApi.invitation, successResponse(invitationPreviewSchema)),
        ...errorResponses(400, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentInvitationPreview(await invitations.preview(request.params.token)),
    }),
  });
};
