import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatAnswerSchema, chatBodySchema } from '@cadenza/contract/chat';
import { successResponse } from '@cadenza/contract/envelope';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import { presentChatAnswer } from './chat.presenter';
import type { ChatService } from './chat.service';
import { generalApi } from '@cadenza/contract/routes/general';
import { declared, declaredAnswer } from '../../declared-routes';

export interface ChatRoutesOptions {
  readonly chat: ChatService;
  readonly limits: RateLimits;
}

/** The help assistant behind the chat widget on every page: no login, limited per address. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { chat, limits },
) => {
  app.route({
    ...declared(app, generalApi.chat),
    preHandler: [rateLimitHook(app, 'chat', limits.chat)],
    schema: {
      tags: ['chat'],
      summary: 'Ask the help assistant (history: the last 6 messages; longer ones are cut)',
      body: chatBodySchema,
      response: {
        200: declaredAnswer(generalApi.chat, successResponse(chatAnswerSchema)),
        ...errorResponses(400, 429, 502),
      },
    },
    handler: async (request) => {
      const answer = await chat.answer(request.body);
      return { success: true as const, data: presentChatAnswer(answer) };
    },
  });
};
