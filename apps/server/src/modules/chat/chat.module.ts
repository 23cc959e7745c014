import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { chatRoutes } from './chat.routes';
import { ChatService } from './chat.service';
import { createChatProvider } from './providers/create-chat-provider';

/** The help assistant. */
export async function registerChatModule(api: FastifyInstance, c: Container): Promise<void> {
  const chat = new ChatService(createChatProvider(c.config), api.log);
  await api.register(chatRoutes, { chat, limits: c.rateLimits });
}
