import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatAnswerSchema, chatBodySchema } from '@cadenza/contract/chat';
import { successResponse } from '@cadenza/contract/envelope';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import { presentChatAnswer } from './chat.presenter';
import type { ChatService } from './chat.service';

export interface ChatRoutesOptions {
  readonly chat: ChatService;
  readonly limits: RateLimits;
}

/** The help assistant behind the chat widget on every page: no login, limited per address. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { chat, limits },
) => {
  app.post(
    '/chat',
    {
      preHandler: [rateLimitHook(app, 'chat', limits.chat)],
      schema: {
        tags: ['chat'],
        summary: 'Ask the help assistant (history: the last 6 messages; longer ones are cut)',
        body: chatBodySchema,
        response: { 200: successResponse(chatAnswerSchema), ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      const answer = await chat.answer(request.body);
      return { success: true as const, data: presentChatAnswer(answer) };
    },
  );
};
