import type { RegisterModule } from '../../module';
import { chatRoutes } from './chat.routes';

/** The help assistant. */
export const registerChatModule: RegisterModule = async (api, c, s) => {
  await api.register(chatRoutes, { chat: s.chat, limits: c.rateLimits });
};
