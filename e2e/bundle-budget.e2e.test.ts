import { describe, expect, it } from 'vitest';
import { initialJs, kb, routeChunks } from './support/bundle-size';

/**
 * The most JavaScript (gzipped) the landing page may load before its first paint: today's size
 * (193 KB: React 67 KB, the entry 108 KB, the landing page's graph 17 KB) with a little room, so
 * that nothing grows it unnoticed. zod, the chat and the header's drawer are out of it; the goal
 * of 150 KB needs the data router (about 31 KB, of which the declarative router would save about
 * half) and MUI's core out of it next (docs/benchmarks.md).
 */
const LANDING_BUDGET_BYTES = 196 * 1024;

describe('Bundle budget', () => {
  it('keeps the landing page initial JavaScript within its budget', () => {
    const landing = initialJs('src/features/landing/landing-page.tsx');
    console.info(
      [
        `Landing page initial JavaScript: ${kb(landing.gzipBytes)} gzipped`,
        ...landing.chunks.map((chunk) => `  ${chunk.file.padEnd(48)} ${kb(chunk.gzipBytes)}`),
        'Lazily loaded chunks (beyond the entry):',
        ...routeChunks().map((chunk) => `  ${chunk.source.padEnd(56)} ${kb(chunk.gzipBytes)}`),
      ].join('\n'),
    );
    expect(landing.gzipBytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });
});
