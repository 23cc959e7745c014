import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';

/**
 * A lazy component drawn with MUI: its chunk and the MUI theme's (mui-scope.tsx, with MUI's
 * styling engine) are fetched together, in parallel, so the first screen that needs MUI costs no
 * extra round trip; the component renders inside the theme.
 */
export function lazyMuiComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  return lazyComponent(() =>
    Promise.all([load(), import('./mui-scope')]).then(([Component, scope]) =>
      scope.withMuiScope(Component),
    ),
  );
}
