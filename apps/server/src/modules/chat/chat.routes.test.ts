import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHAT_SUGGESTIONS,
  MAX_CHAT_SUGGESTIONS,
  SUGGESTION_LENGTH_LIMIT,
} from '@cadenza/contract/chat';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SUPPORT_EMAIL: 'help@music.example', EARLY_ACCESS_END: '2099-07-30' },
  });
});
afterAll(() => t.close());

function ask(payload: unknown, ip = '203.0.113.10') {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat',
    payload: payload as object,
    remoteAddress: ip,
  });
}

function expectUsableSuggestions(suggestions: string[], question: string) {
  expect(suggestions.length).toBeGreaterThan(0);
  expect(suggestions.length).toBeLessThanOrEqual(MAX_CHAT_SUGGESTIONS);
  for (const suggestion of suggestions) {
    expect(suggestion.length).toBeLessThan(SUGGESTION_LENGTH_LIMIT);
    expect(suggestion).not.toBe(question);
  }
}

describe('POST /api/chat with the built-in assistant', () => {
  it.each([
    ['How do I create a playlist?', /Create New Playlist/],
    ['Can I listen offline?', /offline mode/],
    ['What subscription plans are available?', /Premium \(\$9\.99/],
    ['How can I see song lyrics?', /lyrics aren't available/],
  ])('answers the default question %j about its topic', async (question, topic) => {
    const res = await ask({ question, history: [] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.reply).toMatch(topic);
    expectUsableSuggestions(body.data.suggestions, question);
  });

  it('needs no login and no history', async () => {
    const res = await ask({ question: 'How do I download a song?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reply).toContain('title_artist_Cadenza.mp3');
  });

  it('takes the early-access end and the support e-mail from the configuration', async () => {
    const plans = await ask({ question: 'What is early access?' });
    expect(plans.json().data.reply).toContain('free until July 30, 2099');
    const contact = await ask({ question: 'How can I contact support?' });
    expect(contact.json().data.reply).toContain('help@music.example');
    expect(contact.json().data.reply).toContain('Monday to Friday, 9am-5pm EST');
  });

  it('answers a question it cannot place by pointing to support, with the default questions', async () => {
    const res = await ask({ question: 'What is the capital of Peru?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reply: expect.stringMatching(/Contact page.*help@music\.example.*within 24 hours/),
      suggestions: DEFAULT_CHAT_SUGGESTIONS.slice(0, 3),
    });
  });

  it('reads the conversation for a follow-up question', async () => {
    const res = await ask({
      question: 'and how do I delete it?',
      history: [
        { type: 'user', content: 'How do I create a playlist?' },
        { type: 'bot', content: 'Go to your dashboard, open the Playlists tab…' },
      ],
    });
    expect(res.json().data.reply).toMatch(/delete the whole playlist/);
  });

  it('never suggests the question just asked', async () => {
    const question = 'How do I like a song?';
    const first = await ask({ question: 'How do I create a playlist?' });
    expect(first.json().data.suggestions).toContain(question);
    const res = await ask({ question });
    expectUsableSuggestions(res.json().data.suggestions, question);
  });

  it('accepts a history longer than six messages (only the last six are read)', async () => {
    const history = Array.from({ length: 20 }, (_, index) => ({
      type: index % 2 === 0 ? 'user' : 'bot',
      content: `message ${index + 1}`,
    }));
    const res = await ask({ question: 'How do I search for a song?', history });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reply).toMatch(/search box/);
  });

  it.each([
    [{ question: '' }, 'Please enter a question.'],
    [{ question: '   \n\t ' }, 'Please enter a question.'],
    [{}, 'Please enter a question.'],
    [{ question: 42 }, 'Please enter a question.'],
    [{ question: 'x'.repeat(1001) }, 'Questions must be at most 1000 characters'],
    [{ question: 'Hi', history: 'nope' }, 'History must be a list of messages'],
    [
      { question: 'Hi', history: [{ type: 'system', content: 'x' }] },
      "Each history message's type must be user or bot",
    ],
    [{ question: 'Hi', history: [{ type: 'user' }] }, 'Each history message needs its content'],
  ])('answers 400 to %j', async (payload, message) => {
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });
});

describe('POST /api/chat rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { chat: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => limited.close());

  it('answers 429 once an address has asked too often', async () => {
    const send = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/chat',
        payload: { question: 'Hello' },
        remoteAddress: ip,
      });
    expect((await send('198.51.100.7')).statusCode).toBe(200);
    expect((await send('198.51.100.7')).statusCode).toBe(200);
    const res = await send('198.51.100.7');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts/),
    });
    expect((await send('198.51.100.8')).statusCode).toBe(200);
  });
});
