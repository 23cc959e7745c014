import { z } from 'zod';
import { text } from './validation';

/** How many earlier messages the assistant reads (SPEC.md §9). */
export const CHAT_HISTORY_LIMIT = 6;
export const MAX_CHAT_SUGGESTIONS = 3;
/** Every suggestion is shorter than this (SPEC.md §7). */
export const SUGGESTION_LENGTH_LIMIT = 60;
export const MAX_QUESTION_LENGTH = 1000;
export const MAX_HISTORY_MESSAGE_LENGTH = 8000;

/**
 * The four suggested questions the widget starts with (SPEC.md §9). The widget shows all four;
 * the API answers at most three suggestions, so its fallback is the first three.
 */
export const DEFAULT_CHAT_SUGGESTIONS = [
  'How do I create a playlist?',
  'Can I listen offline?',
  'What subscription plans are available?',
  'How can I see song lyrics?',
] as const;

export const chatMessages = {
  questionRequired: 'Please enter a question.',
  unavailable: "I'm having trouble connecting right now. Please try again in a moment.",
} as const;

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
