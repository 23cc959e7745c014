import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page that waits on the server may take more than a second on a busy machine; a poll
    // ends as soon as its check holds, so only a real failure waits this long.
    expect: { poll: { timeout: 10_000 } },
    // Each file starts its own server and browser; two at once suit a two-core machine.
    maxWorkers: 2,
    minWorkers: 1,
    pool: 'forks',
  },
});
