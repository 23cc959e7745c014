import { useLayoutEffect, type RefObject } from 'react';

/**
 * The total height of what is fixed at the bottom of the window (the phone's tab bar and the
 * player above it). Fixed things that float (toasts, the chat button) stay above it, the page is
 * padded by it, and scrolling to an element keeps it clear of it.
 */
export const PLAYER_OFFSET_VARIABLE = '--cadenza-player-offset';
/** The tab bar's height alone: the phone's mini-player sits right on top of it. */
export const TAB_BAR_HEIGHT_VARIABLE = '--cadenza-tab-bar-height';

export type BottomBar = 'tabBar' | 'player';

const heights: Record<BottomBar, number> = { tabBar: 0, player: 0 };

function setOrRemove(name: string, pixels: number): void {
  const style = document.documentElement.style;
  if (pixels > 0) style.setProperty(name, `${pixels}px`);
  else style.removeProperty(name);
}

/** Records one bar's height (0 when it is gone) and republishes the offsets on :root. */
export function publishBottomBarHeight(bar: BottomBar, height: number): void {
  heights[bar] = Math.max(0, Math.round(height));
  const total = heights.tabBar + heights.player;
  setOrRemove(TAB_BAR_HEIGHT_VARIABLE, heights.tabBar);
  setOrRemove(PLAYER_OFFSET_VARIABLE, total);
  document.documentElement.style.scrollPaddingBottom = total > 0 ? `${total}px` : '';
}

/**
 * Publishes the height of the element in `ref` as `bar` while it is mounted, following resizes.
 * The first height is measured in the commit that mounts the bar, before anything is laid out
 * again: what floats above it (the chat's lane and button) is never laid out at the old offset
 * and then moved, which Chromium counts as a layout shift even when no frame was painted between
 * (a ResizeObserver's first report comes too late for that).
 */
export function useBottomBarHeight(bar: BottomBar, ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => publishBottomBarHeight(bar, element.getBoundingClientRect().height);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      publishBottomBarHeight(bar, 0);
    };
  }, [bar, ref]);
}
