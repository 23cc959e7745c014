import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type TouchEvent,
} from 'react';
import type { MenuPosition } from '@/components/action-menu';

/** How long a finger rests on an item before its menu opens. */
export const LONG_PRESS_MS = 500;
/** How far the finger may drift meanwhile (further is a scroll or a drag, not a press). */
const LONG_PRESS_TOLERANCE_PX = 10;

/** Where the browser's own menu stays: fields one types in (copy, paste, spelling). */
const NATIVE_MENU_TARGETS =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function keepsNativeMenu(target: EventTarget): boolean {
  return target instanceof Element && target.closest(NATIVE_MENU_TARGETS) !== null;
}

interface Press {
  x: number;
  y: number;
  timer: ReturnType<typeof setTimeout>;
  /** The menu opened: the touch's end must not click what is under the finger. */
  fired: boolean;
  stopWatchingScroll: () => void;
}

/** The handlers an item spreads on its element so that it opens its context menu. */
export interface ContextMenuTargetProps {
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  onTouchStart: (event: TouchEvent<HTMLElement>) => void;
  onTouchMove: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd: (event: TouchEvent<HTMLElement>) => void;
  onTouchCancel: (event: TouchEvent<HTMLElement>) => void;
}

export interface ContextMenuState {
  /** Where the menu is open, or null while closed. */
  position: MenuPosition | null;
  /** Whether it has opened at least once (then it stays mounted, to animate closed). */
  opened: boolean;
  close: () => void;
  targetProps: ContextMenuTargetProps;
}

/**
 * An item's context menu: opened by a right-click (or the keyboard's menu key) and by a
 * long-press on a touch screen, at the pointer. A long-press is cancelled by moving or
 * scrolling, and its release clicks nothing. Shift with a right-click, and text fields, keep
 * the browser's own menu.
 */
export function useContextMenu(): ContextMenuState {
  const [position, setPosition] = useState<MenuPosition | null>(null);
  const [opened, setOpened] = useState(false);
  const press = useRef<Press | null>(null);

  const open = useCallback((at: MenuPosition) => {
    setOpened(true);
    setPosition(at);
  }, []);

  const cancelPress = useCallback(() => {
    const current = press.current;
    if (!current) return;
    clearTimeout(current.timer);
    current.stopWatchingScroll();
  }, []);

  useEffect(() => cancelPress, [cancelPress]);

  const targetProps = useMemo<ContextMenuTargetProps>(
    () => ({
      onContextMenu: (event) => {
        if (event.shiftKey || keepsNativeMenu(event.target)) return;
        event.preventDefault();
        event.stopPropagation();
        // The keyboard's menu key gives no pointer: the menu opens at the item.
        if (event.clientX === 0 && event.clientY === 0) {
          const box = event.currentTarget.getBoundingClientRect();
          open({ top: box.top + box.height / 2, left: box.left + Math.min(box.width / 2, 48) });
        } else {
          open({ top: event.clientY, left: event.clientX });
        }
      },
      onTouchStart: (event) => {
        cancelPress();
        press.current = null;
        const touch = event.touches[0];
        if (event.touches.length !== 1 || !touch || keepsNativeMenu(event.target)) return;
        // An item inside another (a card in a list of cards) opens only its own menu.
        event.stopPropagation();
        const onScroll = () => cancelPress();
        window.addEventListener('scroll', onScroll, { capture: true, passive: true });
        const started: Press = {
          x: touch.clientX,
          y: touch.clientY,
          fired: false,
          stopWatchingScroll: () => window.removeEventListener('scroll', onScroll, true),
          timer: setTimeout(() => {
            started.fired = true;
            started.stopWatchingScroll();
            open({ top: started.y, left: started.x });
          }, LONG_PRESS_MS),
        };
        press.current = started;
      },
      onTouchMove: (event) => {
        const current = press.current;
        const touch = event.touches[0];
        if (!current || current.fired || !touch) return;
        const drift = Math.hypot(touch.clientX - current.x, touch.clientY - current.y);
        if (drift > LONG_PRESS_TOLERANCE_PX) cancelPress();
      },
      onTouchEnd: (event) => {
        const current = press.current;
        cancelPress();
        press.current = null;
        // The menu opened under the finger: lifting it must not click (play, open a link).
        if (current?.fired && event.cancelable) event.preventDefault();
      },
      onTouchCancel: () => {
        cancelPress();
        press.current = null;
      },
    }),
    [cancelPress, open],
  );

  const close = useCallback(() => setPosition(null), []);
  return { position, opened, close, targetProps };
}

/**
 * What an item with a context menu adds to its styles: on touch screens a long-press selects no
 * text and shows no callout (the system's menu for a link or a picture).
 */
export const contextMenuTargetSx = {
  '@media (hover: none)': { WebkitTouchCallout: 'none', userSelect: 'none' },
} as const;
