import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { useLayoutEffect, useReducer, useState } from 'react';

type Options = Omit<
  VirtualizerOptions<HTMLDivElement, Element>,
  'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'
>;

/**
 * The scrolling element's size as it changes; an element not laid out (0 high: not shown yet, or
 * no layout at all) counts as `initialRect`, so that a first window of rows renders, not none.
 */
const observeLaidOutRect: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : (instance.options.initialRect ?? rect)),
  );

/**
 * A virtual list inside a scrolling element (TanStack Virtual's core, as its `useVirtualizer`
 * wires it): the component re-renders when the visible range changes. Written out here because
 * the compiler's lint cannot tell that the library's own hook is used safely.
 */
export function useElementVirtualizer(options: Options): Virtualizer<HTMLDivElement, Element> {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
    observeElementRect: observeLaidOutRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: () => rerender(),
  };
  const [virtualizer] = useState(() => new Virtualizer(resolved));
  virtualizer.setOptions(resolved);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return virtualizer;
}
