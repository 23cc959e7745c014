import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialJs, kb, routeChunks, WEB_DIST } from './support/bundle-size';

/**
 * The most JavaScript (gzipped) the landing page may load before its first paint: 152 KB
 * (docs/decisions/101-landing-budget-152-kb.md). Today it is about 150 KB (React 67 KB, the entry
 * 67 KB with the player's first-click path, the landing page's graph 15 KB): the frame and the
 * landing page are plain CSS, and MUI with its styling engine and theme comes only with the
 * screens drawn with it (docs/decisions/053-first-paint-without-mui.md).
 */
const LANDING_BUDGET_BYTES = 152 * 1024;

/** Written by emotion, the styling engine under every MUI component and the MUI theme. */
const MUI_STYLING_MARKER = 'data-emotion';

/** The name of zod's base schema class, in the chunk that holds zod. */
const ZOD_MARKER = '$ZodType';

/** The auth screens paint without MUI and load zod only to validate (decision 055). */
const PLAIN_AUTH_PAGES = [
  'src/features/auth/login-page.tsx',
  'src/features/auth/signup-page.tsx',
  'src/features/auth/forgot-password-page.tsx',
  'src/features/auth/reset-password-page.tsx',
];

function chunksHolding(chunks: { file: string }[], marker: string): string[] {
  return chunks
    .map((chunk) => chunk.file)
    .filter((file) => fs.readFileSync(path.join(WEB_DIST, file), 'utf8').includes(marker));
}

describe('Bundle budget', () => {
  const landing = initialJs('src/features/landing/landing-page.tsx');

  it('keeps the landing page initial JavaScript within its budget', () => {
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

  it('paints the landing page without MUI: no initial chunk holds its styling engine', () => {
    expect(chunksHolding(landing.chunks, MUI_STYLING_MARKER)).toEqual([]);
  });

  it('brings the chat button without MUI: only its panel, opened later, needs the engine', () => {
    const { chunks } = initialJs('src/features/chat/chat-widget.tsx');
    expect(chunksHolding(chunks, MUI_STYLING_MARKER)).toEqual([]);
  });

  it.each(PLAIN_AUTH_PAGES)('paints %s without MUI and without zod', (page) => {
    const { chunks } = initialJs(page);
    expect(chunksHolding(chunks, MUI_STYLING_MARKER)).toEqual([]);
    expect(chunksHolding(chunks, ZOD_MARKER)).toEqual([]);
  });
});
