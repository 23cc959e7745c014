import { useCallback, useSyncExternalStore } from 'react';

/** The MUI theme's breakpoints (px), for the frame and the landing page that paint without it. */
export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/** Below `breakpoint`, as MUI's `theme.breakpoints.down(…)` asks it. */
export function downQuery(breakpoint: keyof typeof BREAKPOINTS): string {
  return `(max-width:${BREAKPOINTS[breakpoint] - 0.05}px)`;
}

/** From `breakpoint` up, as MUI's `theme.breakpoints.up(…)` asks it. */
export function upQuery(breakpoint: keyof typeof BREAKPOINTS): string {
  return `(min-width:${BREAKPOINTS[breakpoint]}px)`;
}

// Without matchMedia (jsdom) nothing matches, as with MUI's hook.
const canMatch = () => typeof window.matchMedia === 'function';

/**
 * Whether `query` matches now, following changes (answered at once on the first render). The page
 * rendered at build time knows no viewport: there, and while the browser takes it over, nothing
 * matches (see use-hydrated.ts for markup that must fit every viewport until then).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}
