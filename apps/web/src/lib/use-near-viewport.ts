import { useEffect, useState, type RefObject } from 'react';

/** Keys and pointers that mean the visitor is about to move down the page themselves. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * True once the element in `ref` comes within a viewport's height below the visible part of the
 * page, or once the visitor presses a key or touches the page (a keyboard user tabbing down
 * reaches it before it is scrolled to), and true from then on. Where the browser cannot tell
 * (no IntersectionObserver), true at once. A part of a page below the fold can wait for it
 * rather than being built, styled and laid out while the page starts.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const arrive = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) arrive();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    for (const type of INPUT_EVENTS) {
      window.addEventListener(type, arrive, { once: true, passive: true, capture: true });
    }
    return () => {
      observer.disconnect();
      for (const type of INPUT_EVENTS) window.removeEventListener(type, arrive, { capture: true });
    };
  }, [near, ref]);

  return near;
}
