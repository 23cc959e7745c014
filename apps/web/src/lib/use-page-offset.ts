import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * An element's width and its distance from the top of the page, kept up to date as it or the
 * page around it changes size: what a list virtualised against the window scroll needs.
 */
export function usePageOffset(ref: RefObject<HTMLElement | null>): { width: number; top: number } {
  const [offset, setOffset] = useState({ width: 0, top: 0 });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setOffset((current) =>
        current.width === width && current.top === top ? current : { width, top },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // What is above the element may grow (a cover loads, a section opens) and move it down.
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);

  return offset;
}
