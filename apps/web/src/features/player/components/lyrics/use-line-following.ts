import { useCallback, useEffect, useRef } from 'react';

/** How long the view leaves the listener's own scrolling alone before following the song again. */
export const OWN_SCROLL_PAUSE_MS = 4000;

/** Keys that scroll the focused lyrics (the arrows are the player's shortcuts there). */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End']);

/**
 * Keeps the line being sung in the middle of the scrolling box that `scrollerRef` is given to
 * (positioned, so that its lines' offsets are measured from it; they carry `data-line-index`).
 * A wheel, a finger, the scroll bar or a key scrolling it pauses this for OWN_SCROLL_PAUSE_MS;
 * `tick` (the playing position) makes it look again after the pause. `followAgain` ends the
 * pause at once (the listener chose a line).
 */
export function useLineFollowing(activeIndex: number, tick: number) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const ownScrollAt = useRef(Number.NEGATIVE_INFINITY);
  /** The line the box was last scrolled to; null once the listener moved it. */
  const shownIndex = useRef<number | null>(null);
  const scrolledOnce = useRef(false);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const scrolledByHand = () => {
      ownScrollAt.current = performance.now();
      shownIndex.current = null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) scrolledByHand();
    };
    // A press on the box itself, not on a line, is one on its scroll bar.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === scroller) scrolledByHand();
    };
    scroller.addEventListener('wheel', scrolledByHand, { passive: true });
    scroller.addEventListener('touchmove', scrolledByHand, { passive: true });
    scroller.addEventListener('keydown', onKeyDown);
    scroller.addEventListener('pointerdown', onPointerDown);
    return () => {
      scroller.removeEventListener('wheel', scrolledByHand);
      scroller.removeEventListener('touchmove', scrolledByHand);
      scroller.removeEventListener('keydown', onKeyDown);
      scroller.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || shownIndex.current === activeIndex) return;
    if (performance.now() - ownScrollAt.current < OWN_SCROLL_PAUSE_MS) return;
    const line = scroller.querySelector<HTMLElement>(`[data-line-index="${activeIndex}"]`);
    const top = line ? line.offsetTop - (scroller.clientHeight - line.offsetHeight) / 2 : 0;
    // Opened in the middle of a song, the view starts at its line; after that it moves as the
    // box's CSS says (smoothly, unless the listener asked for less motion).
    scroller.scrollTo({ top, behavior: scrolledOnce.current ? 'auto' : 'instant' });
    scrolledOnce.current = true;
    shownIndex.current = activeIndex;
  }, [activeIndex, tick]);

  const followAgain = useCallback(() => {
    ownScrollAt.current = Number.NEGATIVE_INFINITY;
  }, []);

  return { scrollerRef, followAgain };
}
