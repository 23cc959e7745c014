import type { ReactNode } from 'react';
import { useDeferredMount } from '@/lib/use-deferred-mount';

/**
 * `fallback` on the first render, then `children` in a later render that React may spread over
 * several tasks; only this part of the page renders again for it.
 */
export function Deferred({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useDeferredMount() ? children : fallback;
}
