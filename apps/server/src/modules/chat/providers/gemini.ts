import { z } from 'zod';
import type { ChatRequest } from '@cadenza/contract/chat';
import type { HelpFacts } from '../help-facts';
import { ProviderFailure, type ChatProvider } from './chat-provider';
import { postJson } from './post-json';
import { replyPrompt, suggestionLines, suggestionPrompt } from './prompts';

export interface GeminiOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly suggestModel: string;
  readonly timeoutMs: number;
  readonly facts: () => HelpFacts;
}

const generateContentAnswer = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ parts: z.array(z.object({ text: z.string() })).min(1) }),
      }),
    )
    .min(1),
});

/** Google's Gemini API (generateContent), with docs/product.md §7's parameters. */
export class GeminiProvider implements ChatProvider {
  readonly name = 'gemini';

  constructor(private readonly options: GeminiOptions) {}

  reply(request: ChatRequest): Promise<string> {
    return this.generate(this.options.model, replyPrompt(this.options.facts(), request), {
      temperature: 0.7,
      topK: 40,
      topP: 0.95,
      maxOutputTokens: 1024,
    });
  }

  async suggest(request: ChatRequest, reply: string): Promise<string[]> {
    const text = await this.generate(this.options.suggestModel, suggestionPrompt(request, reply), {
      temperature: 0.7,
      maxOutputTokens: 256,
    });
    return suggestionLines(text);
  }

  private async generate(
    model: string,
    prompt: string,
    generationConfig: Record<string, number>,
  ): Promise<string> {
    const answer = await postJson({
      provider: this.name,
      url: `${this.options.baseUrl}/models/${encodeURIComponent(model)}:generateContent`,
      headers: { 'x-goog-api-key': this.options.apiKey },
      body: { contents: [{ parts: [{ text: prompt }] }], generationConfig },
      timeoutMs: this.options.timeoutMs,
    });
    const parsed = generateContentAnswer.safeParse(answer);
    const text = parsed.data?.candidates[0]?.content.parts[0]?.text.trim();
    if (!text) throw new ProviderFailure(`${this.name} answered without any text`);
    return text;
  }
}
