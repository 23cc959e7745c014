import { useEffect, useState } from 'react';
import { prefersReducedMotion } from './reduced-motion';

/** SPEC.md §9: the community counts count up over 2 s. */
export const COUNT_UP_DURATION_MS = 2000;

const easeOutCubic = (progress: number) => 1 - (1 - progress) ** 3;

/** Counts from 0 to `target` over `duration` ms (at once with reduced motion). */
export function useCountUp(target: number, duration = COUNT_UP_DURATION_MS): number {
  const [value, setValue] = useState(0);
  const animated = target > 0 && !prefersReducedMotion();

  useEffect(() => {
    if (!animated) return;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [animated, target, duration]);

  return animated ? value : Math.max(0, target);
}
