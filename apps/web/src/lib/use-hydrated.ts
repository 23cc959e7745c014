import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while React renders the page at build time and while it takes over that markup in the
 * browser (hydration); true otherwise. What only the browser can know (the viewport, stored
 * state) renders once this is true, so the taken-over markup matches what was built.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
