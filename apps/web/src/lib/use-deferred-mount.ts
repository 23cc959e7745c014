import { useDeferredValue } from 'react';

/**
 * False on a component's first render, then, once `ready` (at once by default), true in a later
 * render that React may interrupt and spread over several tasks: a large part of a page that is
 * not the first thing seen (rows below the fold) mounts without holding the main thread in one
 * long task with the rest.
 */
export function useDeferredMount(ready = true): boolean {
  return useDeferredValue(ready, false);
}
