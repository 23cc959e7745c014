import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import { contactMessageSchema, feedbackEntrySchema } from '@cadenza/contract/support';
import { errorResponses } from '../../schemas';
import { presentContactMessage, presentFeedbackEntry } from './support.presenter';
import type { SupportService } from './support.service';

/** The admin inbox: contact messages and feedback, newest first, paged. */
export const supportInboxRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (
  app,
  { support },
) => {
  app.get(
    '/messages',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first',
        security: [{ bearerAuth: [] }],
        querystring: pageQuerySchema,
        response: { 200: pageResponse(contactMessageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await support.listContactMessages(request.query);
      const data = page.items.map(presentContactMessage);
      return { success: true as const, data, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/feedback',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Feedback answers, newest first',
        security: [{ bearerAuth: [] }],
        querystring: pageQuerySchema,
        response: { 200: pageResponse(feedbackEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await support.listFeedback(request.query);
      const data = page.items.map(presentFeedbackEntry);
      return { success: true as const, data, nextCursor: page.nextCursor };
    },
  );
};
