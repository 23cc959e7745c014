import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Loading a test file (transforming its imports) is most of the suite's time and keeps the main
// process busy too; on two cores a second worker still finishes the suite about 30% sooner.
const workers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: workers,
    minWorkers: workers,
  },
});
