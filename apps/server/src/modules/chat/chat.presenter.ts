import type { ChatAnswer } from '@cadenza/contract/chat';
import type { ChatAnswerRecord } from './chat-record';

/** The assistant's answer as POST /api/chat sends it to the chat widget. */
export function presentChatAnswer(answer: ChatAnswerRecord): ChatAnswer {
  return { reply: answer.reply, suggestions: [...answer.suggestions] };
}
