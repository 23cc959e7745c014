import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SUGGESTIONS } from '@cadenza/contract/chat';
import { startFakeAiServer, type FakeAiServer } from '../../../../test/fake-ai-server';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { loadConfig } from '../../../config';
import { UpstreamFailed } from '../../../errors';
import { ChatService } from '../chat.service';
import { createChatProvider } from './create-chat-provider';

const KEY = 'gemini-test-key-that-must-stay-secret';
const UNAVAILABLE = "I'm having trouble connecting right now. Please try again in a moment.";

const geminiText = (text: string) => ({
  json: { candidates: [{ content: { parts: [{ text }], role: 'model' } }] },
});

let fake: FakeAiServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeAiServer();
  t = await createTestApp({
    env: {
      CHAT_PROVIDER: 'gemini',
      GEMINI_API_KEY: KEY,
      GEMINI_BASE_URL: `${fake.origin}/v1beta/`,
      SUPPORT_EMAIL: 'help@music.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function ask(payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/chat', payload });
}

/** Answers the reply call with `reply` and the suggestion call with `suggestions`. */
function replyAndSuggest(reply: string, suggestions: string) {
  fake.answerWith((request) =>
    request.path.includes('gemini-2.0-flash-lite') ? geminiText(suggestions) : geminiText(reply),
  );
}

describe('CHAT_PROVIDER=gemini', () => {
  it('asks the fast model with the parameters of docs/product.md §7, then the suggestion model', async () => {
    replyAndSuggest(
      'Open the Playlists tab and press Create First Playlist.',
      '1. How do I add songs to a playlist?\n2) Can I share my playlist?\n- How do I delete a playlist?\n4. One more question?',
    );
    const history = Array.from({ length: 8 }, (_, index) => ({
      type: index % 2 === 0 ? 'user' : 'bot',
      content: `message ${index + 1}`,
    }));
    const res = await ask({ question: '  How do I create a playlist?  ', history });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        reply: 'Open the Playlists tab and press Create First Playlist.',
        suggestions: [
          'How do I add songs to a playlist?',
          'Can I share my playlist?',
          'How do I delete a playlist?',
        ],
      },
    });
    expect(res.body).not.toContain(KEY);

    const [replyCall, suggestCall] = fake.requests;
    expect(fake.requests).toHaveLength(2);
    expect(replyCall?.method).toBe('POST');
    expect(replyCall?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(replyCall?.headers['x-goog-api-key']).toBe(KEY);
    expect(replyCall?.headers['content-type']).toBe('application/json');
    expect(replyCall?.body).toEqual({
      contents: [{ parts: [{ text: expect.any(String) }] }],
      generationConfig: { temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 1024 },
    });
    const prompt = (replyCall?.body as { contents: [{ parts: [{ text: string }] }] }).contents[0]
      .parts[0].text;
    expect(prompt).toContain('help assistant of Cadenza');
    expect(prompt).toContain('help@music.example');
    // Only the last six messages of the history, in order, then the question.
    expect(prompt).not.toContain('message 2\n');
    expect(prompt).toContain(
      'User: message 3\nAssistant: message 4\nUser: message 5\nAssistant: message 6\nUser: message 7\nAssistant: message 8',
    );
    expect(prompt.endsWith("User's question: How do I create a playlist?")).toBe(true);

    expect(suggestCall?.path).toBe('/v1beta/models/gemini-2.0-flash-lite:generateContent');
    expect(suggestCall?.headers['x-goog-api-key']).toBe(KEY);
    expect(suggestCall?.body).toEqual({
      contents: [{ parts: [{ text: expect.stringContaining('3 short follow-up questions') }] }],
      generationConfig: { temperature: 0.7, maxOutputTokens: 256 },
    });
    const suggestionPrompt = (suggestCall?.body as { contents: [{ parts: [{ text: string }] }] })
      .contents[0].parts[0].text;
    expect(suggestionPrompt).toContain('under 60 characters');
    expect(suggestionPrompt).toContain('Assistant: Open the Playlists tab');
  });

  it('drops suggestions of 60 characters or more before keeping the first three', async () => {
    const long = `How do I ${'really '.repeat(8)}share a playlist?`;
    replyAndSuggest('Sure.', `${long}\n* Can I rename a playlist?\n\n"Can I reorder songs?"`);
    const res = await ask({ question: 'Playlists?' });
    expect(res.json().data.suggestions).toEqual([
      'Can I rename a playlist?',
      'Can I reorder songs?',
    ]);
  });

  it('keeps the reply and offers the default questions when the suggestion call fails', async () => {
    fake.answerWith((request) =>
      request.path.includes('flash-lite') ? { status: 503, text: 'busy' } : geminiText('Yes.'),
    );
    const res = await ask({ question: 'Can I listen offline?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reply: 'Yes.',
      suggestions: DEFAULT_CHAT_SUGGESTIONS.filter((q) => q !== 'Can I listen offline?'),
    });
  });

  it.each([
    ['an error status', () => ({ status: 500, json: { error: { message: 'boom' } } })],
    ['a refused key', () => ({ status: 403, json: { error: { message: 'API key not valid' } } })],
    ['text that is not JSON', () => ({ text: 'not json' })],
    ['JSON without candidates', () => ({ json: { promptFeedback: { blockReason: 'SAFETY' } } })],
    ['an empty text', () => geminiText('   ')],
  ])('answers 502 with a message for %s', async (_, answer) => {
    fake.answerWith(answer);
    const res = await ask({ question: 'How do I search?' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, code: 'chat_unavailable', message: UNAVAILABLE });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 502 when the service cannot be reached', async () => {
    const closed = await startFakeAiServer();
    await closed.close();
    const unreachable = await createTestApp({
      env: { CHAT_PROVIDER: 'gemini', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: closed.origin },
    });
    try {
      const res = await unreachable.app.inject({
        method: 'POST',
        url: '/api/chat',
        payload: { question: 'Hello?' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        code: 'chat_unavailable',
        message: UNAVAILABLE,
      });
    } finally {
      await unreachable.close();
    }
  });

  it('gives up on a service that does not answer in time', async () => {
    fake.answerWith(() => 'hang');
    const config = loadConfig({
      CHAT_PROVIDER: 'gemini',
      GEMINI_API_KEY: KEY,
      GEMINI_BASE_URL: fake.origin,
    });
    const chat = new ChatService(createChatProvider(config, 50), t.app.log);
    await expect(chat.answer({ question: 'Hello?', history: [] })).rejects.toEqual(
      new UpstreamFailed(UNAVAILABLE, 'chat_unavailable'),
    );
  });
});
