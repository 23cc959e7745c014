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

/** The dashboard's invitations, under /api/admin. */
export const adminInvitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
}> = async (app, { invitations }) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  app.get(
    '/invitations',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'The invitations not yet used and not expired, newest first',
        response: {
          200: successResponse(z.array(invitationSchema)),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({
      success: true as const,
      data: (await invitations.listPending()).map(presentInvitation),
    }),
  );
  app.post(
    '/invitations',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary:
          'Make a single-use sign-up link (optionally for one e-mail, with a role, mailed there)',
        body: createInvitationBodySchema,
        response: {
          201: successResponse(createdInvitationSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const created = await invitations.create(callerOf(request).userId, request.body);
      return reply.status(201).send({ success: true, data: presentCreatedInvitation(created) });
    },
  );
  app.delete(
    '/invitations/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Revoke an unused invitation',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await invitations.revoke(request.params.id);
      return { success: true as const, message: accountMessages.invitationRevoked };
    },
  );
};

/** What the sign-up page reads of an invitation link, under /api/auth. */
export const invitationPreviewRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
}> = async (app, { invitations }) => {
  app.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an invitation link is valid, and the e-mail it is for',
        params: invitationTokenParamsSchema,
        response: { 200: successResponse(invitationPreviewSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: presentInvitationPreview(await invitations.preview(request.params.token)),
    }),
  );
};
