import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SUGGESTIONS } from '@cadenza/contract/chat';
import { startFakeAiServer, type FakeAiServer } from '../../../../test/fake-ai-server';
import { createTestApp, type TestApp } from '../../../../test/test-app';

const KEY = 'sk-openai-test-key-that-must-stay-secret';
const UNAVAILABLE = "I'm having trouble connecting right now. Please try again in a moment.";

const completion = (content: string) => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

/** The suggestion call is the one whose instruction asks for follow-up questions. */
function isSuggestionCall(body: unknown): boolean {
  return JSON.stringify(body).includes('follow-up questions');
}

let fake: FakeAiServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeAiServer();
  t = await createTestApp({
    env: {
      CHAT_PROVIDER: 'openai',
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `${fake.origin}/v1`,
      OPENAI_MODEL: 'local-model',
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

describe('CHAT_PROVIDER=openai', () => {
  it('sends system, history and question as chat messages, without top-K', async () => {
    fake.answerWith((request) =>
      isSuggestionCall(request.body)
        ? completion('1. Can I share a playlist?\n2. How do I rename it?\n3. Can I add a cover?')
        : completion('Open the Playlists tab of your dashboard.'),
    );
    const res = await ask({
      question: 'And how do I make one?',
      history: [
        { type: 'user', content: 'What are playlists?' },
        { type: 'bot', content: 'Lists of songs you build.' },
      ],
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        reply: 'Open the Playlists tab of your dashboard.',
        suggestions: ['Can I share a playlist?', 'How do I rename it?', 'Can I add a cover?'],
      },
    });
    expect(res.body).not.toContain(KEY);

    expect(fake.requests).toHaveLength(2);
    const [replyCall, suggestCall] = fake.requests;
    expect(replyCall?.path).toBe('/v1/chat/completions');
    expect(replyCall?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(replyCall?.body).toEqual({
      model: 'local-model',
      messages: [
        { role: 'system', content: expect.stringContaining('help assistant of Cadenza') },
        { role: 'user', content: 'What are playlists?' },
        { role: 'assistant', content: 'Lists of songs you build.' },
        { role: 'user', content: 'And how do I make one?' },
      ],
      temperature: 0.7,
      top_p: 0.95,
      max_tokens: 1024,
    });

    expect(suggestCall?.path).toBe('/v1/chat/completions');
    expect(suggestCall?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(suggestCall?.body).toEqual({
      model: 'local-model',
      messages: [
        { role: 'system', content: expect.stringContaining('under 60 characters') },
        {
          role: 'user',
          content:
            'User: And how do I make one?\nAssistant: Open the Playlists tab of your dashboard.',
        },
      ],
      temperature: 0.7,
      max_tokens: 256,
    });
  });

  it('keeps only the last six history messages', async () => {
    fake.answerWith(() => completion('Fine.'));
    const history = Array.from({ length: 9 }, (_, index) => ({
      type: index % 2 === 0 ? 'user' : 'bot',
      content: `message ${index + 1}`,
    }));
    const res = await ask({ question: 'Next?', history });
    expect(res.statusCode).toBe(200);
    const body = fake.requests[0]?.body as { messages: { content: string }[] };
    expect(body.messages.slice(1, -1).map((message) => message.content)).toEqual([
      'message 4',
      'message 5',
      'message 6',
      'message 7',
      'message 8',
      'message 9',
    ]);
  });

  it('keeps the reply and offers the default questions when the suggestion call fails', async () => {
    fake.answerWith((request) =>
      isSuggestionCall(request.body) ? { status: 429, json: {} } : completion('Not yet.'),
    );
    const res = await ask({ question: 'How can I see song lyrics?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reply: 'Not yet.',
      suggestions: DEFAULT_CHAT_SUGGESTIONS.slice(0, 3),
    });
  });

  it.each([
    ['an error status', () => ({ status: 500, json: { error: 'boom' } })],
    ['a refused key', () => ({ status: 401, json: { error: { message: 'Incorrect API key' } } })],
    ['text that is not JSON', () => ({ text: '<html>gateway</html>' })],
    ['JSON without choices', () => ({ json: { choices: [] } })],
    ['a null content', () => ({ json: { choices: [{ message: { content: null } }] } })],
  ])('answers 502 with a message for %s', async (_, answer) => {
    fake.answerWith(answer);
    const res = await ask({ question: 'How do I download?' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, code: 'chat_unavailable', message: UNAVAILABLE });
  });
});
