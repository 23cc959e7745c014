import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Loading a test file's imports (the whole app, most of the time) cost more than running its
// tests: each worker loads them once and keeps them for the files it runs after (`isolate`
// off), which takes the suite from 13 to 5 minutes on two cores. A test file therefore never
// relies on a module being loaded afresh for it; one that must (to count a mocked import) says
// so and resets the modules itself. On two cores a second worker still finishes the suite
// about 30% sooner, the main process being busy too.
const workers = Math.max(2, availableParallelism() - 1);

// The suite runs once per database (scripts/test.mjs); a file of one database's own behaviour
// runs only in that database's pass (test/dialects.ts).
const otherDatabase = process.env.TEST_DATABASE_URL ? 'sqlite' : 'postgres';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, `**/*.${otherDatabase}.test.ts`],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: workers,
    minWorkers: workers,
  },
});
