import { describe, it, type TestOptions } from 'vitest';
import { testDialect } from './test-app';

/** `describe` and `it` as these tests call them: a body, and a timeout or options either side. */
interface Register {
  (name: string, body: () => unknown, options?: number | TestOptions): void;
  (name: string, options: number | TestOptions, body: () => unknown): void;
}

const unregistered: Register = () => undefined;

function only(dialect: typeof testDialect) {
  const here = dialect === testDialect;
  return {
    describe: here ? (describe as Register) : unregistered,
    it: here ? (it as Register) : unregistered,
  };
}

/**
 * Tests of one database's own behaviour (its query plans, its locks, its listeners, its read
 * workers) exist only in that database's pass of the suite: the other pass has nothing to run,
 * and does not report them as skipped. A file whose every test is of one database is named
 * `*.sqlite.test.ts` or `*.postgres.test.ts` instead (vitest.config.ts).
 */
export const onSqlite = only('sqlite');
export const onPostgres = only('postgres');
