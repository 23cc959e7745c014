import type { ChatRequest } from '@cadenza/contract/chat';
import { SUGGESTION_LENGTH_LIMIT } from '@cadenza/contract/chat';
import { earlyAccessOpen, longDate, type HelpFacts } from '../help-facts';

/** The product-assistant instruction that starts every prompt (docs/product.md §7). */
export function assistantInstruction(facts: HelpFacts): string {
  const endDate = longDate(facts.earlyAccessEnd);
  const offer = earlyAccessOpen(facts)
    ? `Early access gives every premium feature free until ${endDate}; paid plans (Free, Premium, Family) are coming soon.`
    : `The early-access offer ended on ${endDate}; paid plans (Free, Premium, Family) are coming soon.`;
  return [
    'You are the friendly help assistant of Cadenza, a music streaming web app.',
    'Listeners discover, play, like, search and download songs, save them to their library and build playlists; administrators manage songs, users and playlists.',
    offer,
    'Lyrics and offline listening inside the app are not available yet.',
    `When you cannot help, point to the Contact page or ${facts.supportEmail} (Monday to Friday 9am-5pm EST, reply within 24 hours).`,
    'Answer only questions about Cadenza and music listening, concisely (a few sentences), and never invent features.',
  ].join(' ');
}

function speaker(type: 'user' | 'bot'): string {
  return type === 'user' ? 'User' : 'Assistant';
}

/** The earlier messages as "User: …" / "Assistant: …" lines. */
export function transcript(history: ChatRequest['history']): string {
  return history.map((turn) => `${speaker(turn.type)}: ${turn.content}`).join('\n');
}

/** One text prompt: instruction, the last messages, then the question (for Gemini). */
export function replyPrompt(facts: HelpFacts, request: ChatRequest): string {
  const parts = [assistantInstruction(facts)];
  if (request.history.length > 0)
    parts.push(`Conversation so far:\n${transcript(request.history)}`);
  parts.push(`User's question: ${request.question}`);
  return parts.join('\n\n');
}

export const SUGGESTION_INSTRUCTION = [
  'You suggest what a user of Cadenza, a music streaming web app, might ask its help assistant next.',
  `Write exactly 3 short follow-up questions, each under ${SUGGESTION_LENGTH_LIMIT} characters,`,
  'one per line, with no numbering and nothing else.',
].join(' ');

/** The exchange the follow-up questions should continue. */
export function exchangeToContinue(request: ChatRequest, reply: string): string {
  return `User: ${request.question}\nAssistant: ${reply}`;
}

/** One text prompt asking for follow-up questions (for Gemini). */
export function suggestionPrompt(request: ChatRequest, reply: string): string {
  return `${SUGGESTION_INSTRUCTION}\n\nConversation:\n${exchangeToContinue(request, reply)}`;
}

/** Splits a list answer into lines without numbering, bullets or quotes (docs/product.md §7). */
export function suggestionLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .trim()
        .replace(/^(?:\d+\s*[.):-]|[-*•]|\(\d+\))\s*/, '')
        .replace(/^["'“”]+|["'“”]+$/g, '')
        .trim(),
    )
    .filter((line) => line.length > 0);
}
