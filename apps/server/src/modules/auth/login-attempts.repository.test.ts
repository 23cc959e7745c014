import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LoginAttemptsRepository } from './login-attempts.repository';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const WINDOW = 60_000;
const START = Date.UTC(2026, 10, 29, 12);

describe('LoginAttemptsRepository.countAttempt', () => {
  it('counts within a window, and opens a new one once it has ended', async () => {
    const attempts = new LoginAttemptsRepository(t.database.db);
    expect(await attempts.countAttempt('login-ip:a', WINDOW, START)).toEqual({
      count: 1,
      windowEndsAt: START + WINDOW,
    });
    expect(await attempts.countAttempt('login-ip:a', WINDOW, START + 1000)).toEqual({
      count: 2,
      windowEndsAt: START + WINDOW,
    });
    expect(await attempts.countAttempt('login-ip:b', WINDOW, START + 1000)).toEqual({
      count: 1,
      windowEndsAt: START + 1000 + WINDOW,
    });
    expect(await attempts.countAttempt('login-ip:a', WINDOW, START + WINDOW)).toEqual({
      count: 1,
      windowEndsAt: START + 2 * WINDOW,
    });
  });

  it('gives concurrent attempts each their own count', async () => {
    const attempts = new LoginAttemptsRepository(t.database.db);
    const counts = await Promise.all(
      Array.from({ length: 8 }, () => attempts.countAttempt('login-ip:c', WINDOW, START)),
    );
    expect(counts.map((count) => count.count).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });
});
