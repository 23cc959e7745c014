import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts its own server and browser; two at once suit a two-core machine.
    maxWorkers: 2,
    minWorkers: 1,
    pool: 'forks',
  },
});
