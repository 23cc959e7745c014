import { DEFAULT_CHAT_SUGGESTIONS, type ChatRequest } from '@cadenza/contract/chat';
import type { HelpFacts } from '../help-facts';
import { fallbackAnswer, knowledgeBase } from '../knowledge-base';
import { bestEntry } from '../knowledge-match';
import type { ChatProvider } from './chat-provider';

/** Answers from the help knowledge base in the repository: no network, no key, never fails. */
export class BuiltinProvider implements ChatProvider {
  readonly name = 'builtin';

  constructor(private readonly facts: () => HelpFacts) {}

  async reply(request: ChatRequest): Promise<string> {
    const facts = this.facts();
    return bestEntry(knowledgeBase(facts), request)?.answer ?? fallbackAnswer(facts);
  }

  async suggest(request: ChatRequest): Promise<string[]> {
    const entry = bestEntry(knowledgeBase(this.facts()), request);
    return [...(entry?.followUps ?? DEFAULT_CHAT_SUGGESTIONS)];
  }
}
