import { useEffect, useState, type RefObject } from 'react';
import { prefersReducedMotion } from './reduced-motion';

/** docs/product.md §9: the community counts count up over 2 s. */
export const COUNT_UP_DURATION_MS = 2000;

const easeOutCubic = (progress: number) => 1 - (1 - progress) ** 3;

/**
 * Calls `onVisible` once `element` is on screen (at once where the browser cannot tell). A count
 * below the fold waits until it is scrolled to: counting unseen costs a render and a layout per
 * frame while the page is starting, and the visitor would miss the animation.
 */
function whenVisible(element: Element | null, onVisible: () => void): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => undefined;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    onVisible();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Counts from 0 to `target` over `duration` ms once the element in `ref` is on screen (at once
 * with reduced motion).
 */
export function useCountUp(
  target: number,
  ref?: RefObject<Element | null>,
  duration = COUNT_UP_DURATION_MS,
): number {
  const [value, setValue] = useState(0);
  const animated = target > 0 && !prefersReducedMotion();

  useEffect(() => {
    if (!animated) return;
    let frame = 0;
    let start: number | undefined;
    // Timed from the first frame drawn after the count comes into view.
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min(1, (now - start) / duration);
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    const stopWatching = whenVisible(ref?.current ?? null, () => {
      frame = requestAnimationFrame(step);
    });
    return () => {
      stopWatching();
      cancelAnimationFrame(frame);
    };
  }, [animated, target, duration, ref]);

  return animated ? value : Math.max(0, target);
}
