import type { Config } from '../../../config';
import { helpFacts } from '../help-facts';
import { BuiltinProvider } from './builtin';
import type { ChatProvider } from './chat-provider';
import { GeminiProvider } from './gemini';
import { OpenAiProvider } from './openai';

/** How long a generative AI service may take before the widget is told to try again. */
export const PROVIDER_TIMEOUT_MS = 20_000;

/** The provider of `CHAT_PROVIDER`; config.ts has already made sure its key is set. */
export function createChatProvider(
  config: Config,
  timeoutMs: number = PROVIDER_TIMEOUT_MS,
): ChatProvider {
  const facts = () => helpFacts(config, new Date());
  switch (config.chatProvider) {
    case 'gemini':
      return new GeminiProvider({
        baseUrl: config.geminiBaseUrl,
        apiKey: config.geminiApiKey ?? '',
        model: config.geminiModel,
        suggestModel: config.geminiSuggestModel,
        timeoutMs,
        facts,
      });
    case 'openai':
      return new OpenAiProvider({
        baseUrl: config.openaiBaseUrl,
        apiKey: config.openaiApiKey ?? '',
        model: config.openaiModel,
        timeoutMs,
        facts,
      });
    case 'builtin':
      return new BuiltinProvider(facts);
  }
}
