import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Another process (a backup, the sqlite3 shell) holding SQLite's write lock. */
let t: TestApp;
let other: SQLite.Database;
beforeAll(async () => {
  t = await createTestApp({ sqlite: { busyTimeoutMs: 100 } });
  other = new SQLite(path.join(t.dataDir, 'cadenza.db'));
});
afterAll(async () => {
  other.close();
  await t.close();
});

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Busy', email, password: 'secret-123' },
  });

describe('SQLite locked by another connection', () => {
  it('answers a write with a JSON 503 and Retry-After while the lock lasts, and serves again after', async () => {
    other.exec('BEGIN EXCLUSIVE');
    try {
      const res = await register('busy1@example.com');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 'service_unavailable',
        message: 'The database is unavailable right now. Please try again in a moment.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Reads go on meanwhile (write-ahead log).
      expect((await t.app.inject({ url: '/api/general/songs' })).statusCode).toBe(200);
    } finally {
      other.exec('ROLLBACK');
    }
    expect((await register('busy2@example.com')).statusCode).toBe(201);
  });
});
