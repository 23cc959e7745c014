import { generalApi } from '@cadenza/contract/routes/general';
import type { ChatAnswer, ChatBody } from '@cadenza/contract/chat';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';

/** POST /api/chat: the question and the last 6 messages; answers a reply and suggestions. */
export async function askChat(body: ChatBody): Promise<ChatAnswer> {
  const answer: { data?: Partial<ChatAnswer> } = await call(generalApi.chat, { body });
  if (!answer?.data || typeof answer.data.reply !== 'string') {
    throw new Error('Unexpected chat answer');
  }
  return {
    reply: answer.data.reply,
    suggestions: Array.isArray(answer.data.suggestions) ? answer.data.suggestions : [],
  };
}

export function useAskChat() {
  return useMutation({ mutationFn: askChat });
}
