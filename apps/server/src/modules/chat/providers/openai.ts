import { z } from 'zod';
import type { ChatRequest } from '@cadenza/contract/chat';
import type { HelpFacts } from '../help-facts';
import { ProviderFailure, type ChatProvider } from './chat-provider';
import { postJson } from './post-json';
import {
  assistantInstruction,
  exchangeToContinue,
  SUGGESTION_INSTRUCTION,
  suggestionLines,
} from './prompts';

export interface OpenAiOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly facts: () => HelpFacts;
}

interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

const chatCompletionAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/**
 * Any OpenAI-compatible chat completions API (OpenAI, or a local server). It has no top-K, so
 * only temperature and top-P go along (docs/product.md §10.13).
 */
export class OpenAiProvider implements ChatProvider {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiOptions) {}

  reply(request: ChatRequest): Promise<string> {
    const messages: ChatMessage[] = [
      { role: 'system', content: assistantInstruction(this.options.facts()) },
      ...request.history.map((turn): ChatMessage => ({
        role: turn.type === 'user' ? 'user' : 'assistant',
        content: turn.content,
      })),
      { role: 'user', content: request.question },
    ];
    return this.complete({ messages, temperature: 0.7, top_p: 0.95, max_tokens: 1024 });
  }

  async suggest(request: ChatRequest, reply: string): Promise<string[]> {
    const messages: ChatMessage[] = [
      { role: 'system', content: SUGGESTION_INSTRUCTION },
      { role: 'user', content: exchangeToContinue(request, reply) },
    ];
    return suggestionLines(await this.complete({ messages, temperature: 0.7, max_tokens: 256 }));
  }

  private async complete(parameters: Record<string, unknown>): Promise<string> {
    const answer = await postJson({
      provider: this.name,
      url: `${this.options.baseUrl}/chat/completions`,
      headers: { authorization: `Bearer ${this.options.apiKey}` },
      body: { model: this.options.model, ...parameters },
      timeoutMs: this.options.timeoutMs,
    });
    const parsed = chatCompletionAnswer.safeParse(answer);
    const text = parsed.data?.choices[0]?.message.content.trim();
    if (!text) throw new ProviderFailure(`${this.name} answered without any text`);
    return text;
  }
}
