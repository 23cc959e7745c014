import type { ChatRequest } from '@cadenza/contract/chat';

/** Something that answers help questions: the built-in knowledge base or a generative AI service. */
export interface ChatProvider {
  /** Names the provider in logs. */
  readonly name: string;
  /** The answer to `request.question`; throws ProviderFailure when it cannot answer. */
  reply(request: ChatRequest): Promise<string>;
  /** Follow-up questions after `reply`; a failure here costs only the suggestions. */
  suggest(request: ChatRequest, reply: string): Promise<string[]>;
}

/** A provider could not answer: unreachable, timed out, refused, or answered nonsense. */
export class ProviderFailure extends Error {
  override name = 'ProviderFailure';
}
