import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@cadenza/contract/envelope';
import { contactBodySchema, feedbackBodySchema, supportMessages } from '@cadenza/contract/support';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import type { SupportService } from './support.service';
import { generalApi } from '@cadenza/contract/routes/general';
import { declared, declaredAnswer } from '../../declared-routes';

export interface SupportRoutesOptions {
  readonly support: SupportService;
  readonly limits: RateLimits;
}

/** The public contact and feedback forms (docs/architecture.md §5); no login needed. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (
  app,
  { support, limits },
) => {
  app.route({
    ...declared(app, generalApi.contact),
    preHandler: [rateLimitHook(app, 'contact', limits.contact)],
    schema: {
      tags: ['support'],
      summary: 'Send a message to support',
      body: contactBodySchema,
      response: {
        201: declaredAnswer(generalApi.contact, messageResponseSchema),
        ...errorResponses(400, 429),
      },
    },
    handler: async (request, reply) => {
      await support.submitContactMessage(request.body);
      return reply.status(201).send({ success: true, message: supportMessages.contactSent });
    },
  });

  app.route({
    ...declared(app, generalApi.feedback),
    preHandler: [rateLimitHook(app, 'feedback', limits.feedback)],
    schema: {
      tags: ['support'],
      summary: 'Send feedback about the product',
      body: feedbackBodySchema,
      response: {
        201: declaredAnswer(generalApi.feedback, messageResponseSchema),
        ...errorResponses(400, 429),
      },
    },
    handler: async (request, reply) => {
      await support.submitFeedback(request.body);
      return reply.status(201).send({ success: true, message: supportMessages.feedbackSent });
    },
  });
};
