import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

const twice = { max: 2, windowMs: 60_000 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { contact: twice, feedback: twice } });
});
afterAll(() => t.close());

describe.each([
  [
    '/api/support/contact',
    { name: 'Dana', email: 'dana@example.com', message: 'Hi', issueType: 'other' },
  ],
  ['/api/support/feedback', { rating: 3, usability: 'easy', recommend: 'likely' }],
])('POST %s rate limit', (url, payload) => {
  it('answers 429 after too many messages from one address, and counts each address', async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    expect((await send('198.51.100.20')).statusCode).toBe(201);
    expect((await send('198.51.100.20')).statusCode).toBe(201);
    const limited = await send('198.51.100.20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts/),
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send('198.51.100.21')).statusCode).toBe(201);
  });
});
