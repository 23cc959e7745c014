import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@cadenza/contract/envelope';
import { contactBodySchema, feedbackBodySchema, supportMessages } from '@cadenza/contract/support';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import type { SupportService } from './support.service';

export interface SupportRoutesOptions {
  readonly support: SupportService;
  readonly limits: RateLimits;
}

/** The public contact and feedback forms (docs/architecture.md §5); no login needed. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (
  app,
  { support, limits },
) => {
  app.post(
    '/contact',
    {
      preHandler: [rateLimitHook(app, 'contact', limits.contact)],
      schema: {
        tags: ['support'],
        summary: 'Send a message to support',
        body: contactBodySchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await support.submitContactMessage(request.body);
      return reply.status(201).send({ success: true, message: supportMessages.contactSent });
    },
  );

  app.post(
    '/feedback',
    {
      preHandler: [rateLimitHook(app, 'feedback', limits.feedback)],
      schema: {
        tags: ['support'],
        summary: 'Send feedback about the product',
        body: feedbackBodySchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await support.submitFeedback(request.body);
      return reply.status(201).send({ success: true, message: supportMessages.feedbackSent });
    },
  );
};
