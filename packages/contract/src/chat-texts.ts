// The chat's limits and fixed texts, apart from its schemas: the chat's button reads them
// without downloading zod.

/** How many earlier messages the assistant reads (docs/product.md §9). */
export const CHAT_HISTORY_LIMIT = 6;
export const MAX_CHAT_SUGGESTIONS = 3;
/** Every suggestion is shorter than this (docs/product.md §7). */
export const SUGGESTION_LENGTH_LIMIT = 60;
export const MAX_QUESTION_LENGTH = 1000;
export const MAX_HISTORY_MESSAGE_LENGTH = 8000;

/**
 * The four suggested questions the widget starts with (docs/product.md §9). The widget shows all four;
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
