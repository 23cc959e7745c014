import type { ListenerChatService } from '../listener-chat/listener-chat.service';
import { forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';

export interface ListenerChatDeps {
  readonly chat: ListenerChatService;
}

/** Subsonic's chat: messages listeners leave for each other on this server. */
export function listenerChatEndpoints({ chat }: ListenerChatDeps): SubsonicEndpoints {
  return {
    getChatMessages: forListeners(async ({ params }) => ({
      chatMessages: {
        chatMessage: (await chat.since(params.int('since', 0))).map((message) => ({
          username: message.authorEmail,
          time: Date.parse(message.createdAt),
          message: message.message,
        })),
      },
    })),

    addChatMessage: forListeners(async ({ params, caller }) => {
      await chat.add(caller.user.id, params.required('message'));
      return OK;
    }),
  };
}
