import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from './reduced-motion';

/** docs/product.md §9: 10 circles at start, then one more every 3 s. */
export const INITIAL_CIRCLES = 10;
export const CIRCLE_INTERVAL_MS = 3000;
/** The oldest circle gives way beyond this many, so a long visit does not pile them up. */
export const MAX_CIRCLES = 30;

export interface FloatingCircle {
  id: number;
  /** Diameter in px. */
  size: number;
  /** Horizontal position in % of the width. */
  left: number;
  /** Seconds for one rise across the section. */
  duration: number;
  /** Negative seconds: the circle starts part-way through its rise. */
  delay: number;
  hue: 'primary' | 'secondary';
  opacity: number;
}

export function makeCircle(id: number, random: () => number = Math.random): FloatingCircle {
  return {
    id,
    size: Math.round(12 + random() * 88),
    left: Math.round(random() * 100),
    duration: Math.round(14 + random() * 14),
    delay: -Math.round(random() * 14),
    hue: random() < 0.5 ? 'primary' : 'secondary',
    opacity: 0.08 + random() * 0.17,
  };
}

/** Adds a circle, dropping the oldest ones beyond `max`. */
export function addCircle(
  circles: readonly FloatingCircle[],
  circle: FloatingCircle,
  max = MAX_CIRCLES,
): FloatingCircle[] {
  return [...circles, circle].slice(-max);
}

/** A small seeded generator (mulberry32): the same numbers for the same seed, everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const INITIAL_SEED = 2026;

/**
 * The first circles come from a fixed seed: the page rendered at build time and the browser
 * taking it over draw the same ones. Later circles are random.
 */
export function initialCircles(): FloatingCircle[] {
  const random = seededRandom(INITIAL_SEED);
  return Array.from({ length: INITIAL_CIRCLES }, (_, index) => makeCircle(index, random));
}

const isHidden = () => document.visibilityState === 'hidden';

/**
 * The landing's decorative circles: 10 at first, one more every 3 s (at most 30), nothing added
 * while the tab is hidden or when the visitor prefers reduced motion.
 */
export function useFloatingCircles(): FloatingCircle[] {
  const nextId = useRef(INITIAL_CIRCLES);
  const [circles, setCircles] = useState<FloatingCircle[]>(initialCircles);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    let timer: number | undefined;
    const start = () => {
      if (timer !== undefined || isHidden()) return;
      timer = window.setInterval(() => {
        const id = nextId.current++;
        setCircles((current) => addCircle(current, makeCircle(id)));
      }, CIRCLE_INTERVAL_MS);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const handleVisibility = () => (isHidden() ? stop() : start());
    start();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, []);

  return circles;
}
