import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Four requests a sample: far more than a client may send in a minute.
  t = await createTestApp({ rateLimits: { forgotPassword: { max: 100_000, windowMs: 60_000 } } });
});
afterAll(() => t.close());

/** Over 200 of each, as the check asks: 400 keep a loaded two-core machine's noise well inside 10 %. */
const SAMPLES = 400;
const WARM_UP = 50;
const ACCOUNTS = 8;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function forgot(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
}

/**
 * How long the answer to one forgot-password request takes, in milliseconds. Before it, a request
 * for a known spacer account, whose work is awaited like that of the measured request: the work a
 * request leaves for after its answer (a mail composed, garbage to collect) slows the requests
 * that follow a little, and every measured request must follow the same.
 */
async function timeForgot(email: string, spacer: string): Promise<number> {
  await forgot(spacer);
  await t.container.afterAnswer.settle();
  const started = process.hrtime.bigint();
  const res = await forgot(email);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  expect(res.statusCode).toBe(200);
  await t.container.afterAnswer.settle();
  return elapsed;
}

describe('forgot-password timing', () => {
  it('answers known and unknown addresses in the same time (medians of 400 each within 10 %)', async () => {
    // Addresses of each kind alike in shape, each used in turn.
    const known = await Promise.all(
      Array.from({ length: ACCOUNTS }, (_, index) =>
        createUser(t, { email: `known-${index}.listener@example.com` }),
      ),
    );
    const { user: spacer } = await createUser(t, { email: 'spacer.listener@example.com' });
    const address = {
      known: (pair: number) => known[pair % ACCOUNTS]?.user.email ?? '',
      unknown: (pair: number) => `unknown-${pair % ACCOUNTS}.listener@example.com`,
    };

    // Interleaved, each kind first in every other pair: both see the same machine.
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let pair = 0; pair < WARM_UP + SAMPLES; pair += 1) {
      const order =
        pair % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const elapsed = await timeForgot(address[kind](pair), spacer.email);
        if (pair >= WARM_UP) timings[kind].push(elapsed);
      }
    }

    const ratio = median(timings.known) / median(timings.unknown);
    expect(ratio).toBeGreaterThan(1 / 1.1);
    expect(ratio).toBeLessThan(1.1);
  }, 120_000);
});
