import { withoutControlCharacters } from '@cadenza/contract/validation';
import { Invalid } from '../../errors';
import { newId } from '../../ids';
import type { ChatMessageRecord, ListenerChatRepository } from './listener-chat.repository';

/** The longest message kept, in characters. */
export const MAX_CHAT_MESSAGE_LENGTH = 1000;
/** The most messages one read answers: the newest. */
const MESSAGES_READ = 100;

/**
 * Short messages listeners leave for each other on the server (Subsonic's chat, which apps such
 * as DSub show): anyone signed in reads and writes them.
 */
export class ListenerChatService {
  constructor(
    private readonly messages: ListenerChatRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The newest messages left after `sinceMs` (milliseconds since 1970), newest first. */
  since(sinceMs: number): Promise<ChatMessageRecord[]> {
    return this.messages.since(new Date(sinceMs).toISOString(), MESSAGES_READ);
  }

  async add(userId: string, text: string): Promise<void> {
    const message = withoutControlCharacters(text).trim();
    if (message === '' || message.length > MAX_CHAT_MESSAGE_LENGTH) {
      const reason = `A message is 1 to ${MAX_CHAT_MESSAGE_LENGTH} characters`;
      throw new Invalid(reason, [{ field: 'message', code: 'custom', message: reason }]);
    }
    await this.messages.add({
      id: newId(),
      userId,
      message,
      createdAt: this.clock().toISOString(),
    });
  }
}
