import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The pages the build renders ahead (scripts/prerender.mjs), by path, under the web root. Every
 * other client route gets the empty shell (index.html), so no page paints another's markup.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'prerendered/index.html',
  '/home': 'prerendered/home.html',
};

interface PrerenderedPage {
  /** Relative to the web root, for reply.sendFile. */
  readonly file: string;
  /** `'sha256-…'` sources for the page's inline scripts, for the Content-Security-Policy. */
  readonly scriptHashes: readonly string[];
}

/** `<script>` without attributes: the build's inline scripts (module scripts have a src). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP sources that allow exactly these inline scripts, as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** The policy with `sources` added to its script-src directive. */
export function allowScripts(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) =>
      directive.startsWith('script-src ') ? [directive, ...sources].join(' ') : directive,
    )
    .join(';');
}

/**
 * Finds the prerendered page for a path, if the build wrote one. Read again when the file
 * changes, so that a rebuild is served without a restart, as the static files are.
 */
export function prerenderedPages(webRoot: string) {
  const known = new Map<string, { mtimeMs: number; page: PrerenderedPage }>();
  return (pathname: string): PrerenderedPage | null => {
    const file = PRERENDERED_PAGES[pathname];
    if (file === undefined) return null;
    const absolute = path.join(webRoot, file);
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(absolute).mtimeMs;
    } catch {
      return null;
    }
    const cached = known.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.page;
    const page = { file, scriptHashes: inlineScriptHashes(fs.readFileSync(absolute, 'utf8')) };
    known.set(file, { mtimeMs, page });
    return page;
  };
}
