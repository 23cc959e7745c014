import { z } from 'zod';
import {
  CHAT_HISTORY_LIMIT,
  chatMessages,
  MAX_CHAT_SUGGESTIONS,
  MAX_HISTORY_MESSAGE_LENGTH,
  MAX_QUESTION_LENGTH,
} from './chat-texts';
import { text } from './validation';

export {
  CHAT_HISTORY_LIMIT,
  MAX_CHAT_SUGGESTIONS,
  SUGGESTION_LENGTH_LIMIT,
  MAX_QUESTION_LENGTH,
  MAX_HISTORY_MESSAGE_LENGTH,
  DEFAULT_CHAT_SUGGESTIONS,
  chatMessages,
} from './chat-texts';

export const chatTurnSchema = z.object({
  type: z.enum(['user', 'bot'], { error: "Each history message's type must be user or bot" }),
  content: text('History messages', { error: 'Each history message needs its content' }).max(
    MAX_HISTORY_MESSAGE_LENGTH,
    `History messages must be at most ${MAX_HISTORY_MESSAGE_LENGTH} characters`,
  ),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/** POST /api/chat. A longer history is accepted and cut to its last six messages. */
export const chatBodySchema = z.object({
  question: text('Questions', { error: chatMessages.questionRequired })
    .trim()
    .min(1, chatMessages.questionRequired)
    .max(MAX_QUESTION_LENGTH, `Questions must be at most ${MAX_QUESTION_LENGTH} characters`),
  history: z
    .array(chatTurnSchema, { error: 'History must be a list of messages' })
    .optional()
    .transform((history) => (history ?? []).slice(-CHAT_HISTORY_LIMIT)),
});
export type ChatBody = z.input<typeof chatBodySchema>;
export type ChatRequest = z.output<typeof chatBodySchema>;

export const chatAnswerSchema = z.object({
  reply: z.string(),
  suggestions: z.array(z.string()).max(MAX_CHAT_SUGGESTIONS),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;
