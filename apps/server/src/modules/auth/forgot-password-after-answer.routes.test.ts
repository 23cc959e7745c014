import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * What a forgot-password request does, in order: each statement the node runs, and `answered`
 * where the answer was finished (the request log's line is written then).
 */
const timeline: string[] = [];
const ANSWERED = 'answered';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    onQuery: (sql) => void timeline.push(sql),
    logStream: {
      write: (line) => {
        if ((JSON.parse(line) as { msg?: string }).msg === 'request completed') {
          timeline.push(ANSWERED);
        }
      },
    },
  });
});
afterAll(() => t.close());

/** The request's timeline, the work it left for after its answer included. */
async function forgotTimeline(email: string): Promise<string[]> {
  await t.container.afterAnswer.settle();
  timeline.length = 0;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  await t.container.afterAnswer.settle();
  return [...timeline];
}

const beforeAnswer = (events: string[]) => events.slice(0, events.indexOf(ANSWERED));
const afterAnswer = (events: string[]) => events.slice(events.indexOf(ANSWERED) + 1);
const touches = (table: string) => (sql: string) => sql.includes(`"${table}"`);
const mails = () => (fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir).length : 0);

// How long each answer takes is measured by `bench/forgot-password-timing.ts`, which prints the
// ratio of the medians; here, why they take the same time.
describe('forgot-password and whether an address has an account', () => {
  it('answers before anything that depends on the address: the lookup, the link and the mail come after', async () => {
    const { user } = await createUser(t, { email: 'known.listener@example.com' });
    const mailed = mails();

    const known = await forgotTimeline(user.email);
    const unknown = await forgotTimeline('unknown.listener@example.com');

    expect(known).toContain(ANSWERED);
    expect(unknown).toContain(ANSWERED);
    // Up to the answer, the node does the same for both, and reads no account.
    expect(beforeAnswer(known)).toEqual(beforeAnswer(unknown));
    expect(beforeAnswer(known).filter(touches('users'))).toEqual([]);
    expect(beforeAnswer(known).filter(touches('password_resets'))).toEqual([]);
    // After it, the known address's link is stored and mailed; the unknown one is only looked up.
    expect(afterAnswer(known).some(touches('users'))).toBe(true);
    expect(afterAnswer(known).some(touches('password_resets'))).toBe(true);
    expect(afterAnswer(unknown).some(touches('users'))).toBe(true);
    expect(afterAnswer(unknown).some(touches('password_resets'))).toBe(false);
    expect(mails()).toBe(mailed + 1);
  });
});
