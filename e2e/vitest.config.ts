import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page that waits on the server may take more than a second on a busy machine; a poll
    // ends as soon as its check holds, so only a real failure waits this long.
    expect: { poll: { timeout: 10_000 } },
    // One file at a time: each starts its own server and browser, and many time audio (gapless,
    // crossfade, signed URLs that expire mid-album). Two at once on two cores made those
    // journeys fail under each other's load, and saved only minutes.
    maxWorkers: 1,
    minWorkers: 1,
    pool: 'forks',
  },
});
