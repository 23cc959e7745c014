import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { sharesApi } from '@cadenza/contract/routes/shares';
import {
  createShareBodySchema,
  shareIdParamsSchema,
  shareMessages,
  sharePlayBodySchema,
  sharedPageSchema,
  shareSchema,
  updateShareBodySchema,
} from '@cadenza/contract/shares';
import { z } from 'zod';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimit } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../delivery/media-urls';
import { presentShare, presentSharedPage } from './shares.presenter';
import type { SharesService } from './shares.service';

export interface SharesRoutesOptions {
  readonly shares: SharesService;
  readonly urls: MediaUrls;
  readonly visitsLimit: RateLimit;
}

/** A listener's shares under /api/user/shares; what visitors open under /api/shares. */
export const sharesRoutes: FastifyPluginAsyncZod<SharesRoutesOptions> = async (
  app,
  { shares, urls, visitsLimit },
) => {
  const owners = { tags: ['shares'], security: [{ bearerAuth: [] }] };
  const visits = rateLimitHook(app, 'shared-pages', visitsLimit);
  const callerOfShare = (request: Parameters<typeof callerOf>[0]) => {
    const { userId, role } = callerOf(request);
    return { userId, role };
  };

  app.route({
    ...declared(app, sharesApi.list),
    onRequest: [app.requireUser],
    schema: {
      ...owners,
      summary: "The caller's shares, newest first, with their views and plays",
      response: {
        200: declaredAnswer(sharesApi.list, successResponse(z.array(shareSchema))),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: (await shares.ofOwner(callerOf(request).userId)).map(presentShare),
    }),
  });

  app.route({
    ...declared(app, sharesApi.create),
    onRequest: [app.requireUser],
    schema: {
      ...owners,
      summary:
        'Shares songs, an album or an ordinary playlist the caller may see, as a public page ' +
        'at /share/{id}: with a description, an expiry and leave to download, each optional',
      body: createShareBodySchema,
      response: {
        201: declaredAnswer(sharesApi.create, successResponse(shareSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request, reply) => {
      const created = await shares.create(callerOf(request).userId, request.body);
      return reply.status(201).send({ success: true as const, data: presentShare(created) });
    },
  });

  app.route({
    ...declared(app, sharesApi.update),
    onRequest: [app.requireUser],
    schema: {
      ...owners,
      summary: "Changes a share's description, expiry or leave to download (null clears)",
      params: shareIdParamsSchema,
      body: updateShareBodySchema,
      response: {
        200: declaredAnswer(sharesApi.update, successResponse(shareSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const updated = await shares.update(callerOfShare(request), request.params.id, request.body);
      return { success: true as const, data: presentShare(updated) };
    },
  });

  app.route({
    ...declared(app, sharesApi.revoke),
    onRequest: [app.requireUser],
    schema: {
      ...owners,
      summary: 'Ends a share for good: its page answers that it does not exist',
      params: shareIdParamsSchema,
      response: {
        200: declaredAnswer(sharesApi.revoke, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await shares.revoke(callerOfShare(request), request.params.id);
      return { success: true as const, message: shareMessages.revoked };
    },
  });

  app.route({
    ...declared(app, sharesApi.shared),
    onRequest: [visits],
    schema: {
      tags: ['shares'],
      summary:
        'What a shared page shows a visitor, with playable songs, counted as a visit: 404 ' +
        'share_not_found for an unknown or revoked share, 410 share_expired once expired',
      params: shareIdParamsSchema,
      response: {
        200: declaredAnswer(sharesApi.shared, successResponse(sharedPageSchema)),
        ...errorResponses(400, 404, 410, 429),
      },
    },
    handler: async (request, reply) => {
      const shared = await shares.visit(request.params.id);
      // Signed audio URLs expire: never kept by a cache between the visitor and the server.
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: presentSharedPage(shared, urls, Date.now()) };
    },
  });

  app.route({
    ...declared(app, sharesApi.play),
    onRequest: [visits],
    schema: {
      tags: ['shares'],
      summary: "Counts a visitor's play of one of the share's songs",
      params: shareIdParamsSchema,
      body: sharePlayBodySchema,
      response: {
        200: declaredAnswer(sharesApi.play, messageResponseSchema),
        ...errorResponses(400, 404, 410, 429),
      },
    },
    handler: async (request) => {
      await shares.countPlay(request.params.id, request.body.songId);
      return { success: true as const, message: 'Play counted' };
    },
  });
};
