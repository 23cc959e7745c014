import type { FastifyBaseLogger } from 'fastify';
import { chatMessages, type ChatRequest } from '@cadenza/contract/chat';
import { UpstreamFailed } from '../../errors';
import type { ChatAnswerRecord } from './chat-record';
import type { ChatProvider } from './providers/chat-provider';
import { usableSuggestions } from './suggestions';

/** The help assistant: a reply from the configured provider, then follow-up suggestions. */
export class ChatService {
  constructor(
    private readonly provider: ChatProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async answer(request: ChatRequest): Promise<ChatAnswerRecord> {
    let reply: string;
    try {
      reply = await this.provider.reply(request);
    } catch (error) {
      this.log.warn({ provider: this.provider.name, reason: reasonOf(error) }, 'chat reply failed');
      throw new UpstreamFailed(chatMessages.unavailable, 'chat_unavailable');
    }
    let candidates: string[] = [];
    try {
      candidates = await this.provider.suggest(request, reply);
    } catch (error) {
      // The reply stands; the widget falls back to the default questions (docs/product.md §8).
      this.log.warn(
        { provider: this.provider.name, reason: reasonOf(error) },
        'chat suggestions failed',
      );
    }
    return { reply, suggestions: usableSuggestions(candidates, request.question) };
  }
}

/** Only the message: provider errors are built without URLs, headers or keys. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
