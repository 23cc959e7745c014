import type { Plugin } from 'vite';
import { designTokensStylesheet } from '../src/lib/design-tokens';

/**
 * Writes the design tokens into index.html as an inline stylesheet, so that every page paints in
 * them before any script runs (the MUI-free first paint reads them as `--cz-*` properties).
 */
export function designTokensInPage(): Plugin {
  return {
    name: 'cadenza-design-tokens',
    transformIndexHtml: () => [
      { tag: 'style', children: designTokensStylesheet(), injectTo: 'head' },
    ],
  };
}
