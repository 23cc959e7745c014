import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { sheetSwipeOf, swipeAxisOf, type SheetSwipe, type SwipeAxis } from './sheet-swipe';

/** How long the sheet or the song takes to slide out, back, or in. */
export const SWIPE_ANIMATION_MS = 220;

/**
 * Controls that take a drag themselves (the seek slider; the lyrics, which scroll): a drag
 * starting there is theirs.
 */
const OWN_DRAG = '.MuiSlider-root, input, textarea, [data-own-drag]';

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  time: number;
  axis: SwipeAxis | null;
}

interface Offset {
  x: number;
  y: number;
  /** Whether the move is animated (not while the finger holds it). */
  animated: boolean;
}

const AT_REST: Offset = { x: 0, y: 0, animated: true };

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * Pointer handling for the now-playing sheet: the sheet follows a finger dragged down and the
 * song a finger dragged sideways; let go past the distances of sheet-swipe.ts, the sheet slides
 * away (then `onSwipe('close')`) or the song slides out and the next one in (`onSwipe('next')`
 * or `'previous'`); otherwise both spring back. `allowed` says which swipes are possible now (no
 * next song, no next swipe). Taps are left alone: a drag takes the pointer only once it has a
 * direction, and the click that would follow a drag is swallowed.
 */
export function useSheetSwipe(
  onSwipe: (swipe: SheetSwipe) => void,
  allowed: (swipe: SheetSwipe) => boolean,
) {
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const timers = useRef<number[]>([]);
  const [sheet, setSheet] = useState<Offset>(AT_REST);
  const [song, setSong] = useState<Offset>(AT_REST);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const later = (action: () => void, ms: number) => {
    timers.current.push(window.setTimeout(action, ms));
  };

  const finish = (swipe: SheetSwipe, width: number, height: number) => {
    const duration = prefersReducedMotion() ? 0 : SWIPE_ANIMATION_MS;
    if (swipe === 'close') {
      setSheet({ x: 0, y: height, animated: true });
      later(() => {
        onSwipe('close');
        setSheet(AT_REST);
      }, duration);
      return;
    }
    const out = swipe === 'next' ? -width : width;
    setSong({ x: out, y: 0, animated: true });
    later(() => {
      onSwipe(swipe);
      // The new song comes in from the side the finger came from.
      setSong({ x: -out, y: 0, animated: false });
      later(() => setSong(AT_REST), 16);
    }, duration);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (event.target instanceof Element && event.target.closest(OWN_DRAG)) return;
    dragged.current = false;
    drag.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      time: event.timeStamp,
      axis: null,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.axis) {
      current.axis = swipeAxisOf(dx, dy);
      if (!current.axis) return;
      dragged.current = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (current.axis === 'y') setSheet({ x: 0, y: Math.max(0, dy), animated: false });
    else setSong({ x: dx, y: 0, animated: false });
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.axis) return;
    const distance = { dx: event.clientX - current.x, dy: event.clientY - current.y };
    const swipe = sheetSwipeOf(current.axis, distance, event.timeStamp - current.time);
    const box = event.currentTarget.getBoundingClientRect();
    if (swipe && allowed(swipe)) {
      finish(swipe, box.width || window.innerWidth, box.height || window.innerHeight);
    } else {
      setSheet(AT_REST);
      setSong(AT_REST);
    }
  };

  const onPointerCancel = () => {
    drag.current = null;
    setSheet(AT_REST);
    setSong(AT_REST);
  };

  // A drag that started on a button ends without pressing it.
  const onClickCapture = (event: { preventDefault: () => void; stopPropagation: () => void }) => {
    if (!dragged.current) return;
    dragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  // A mouse pressed on the cover would otherwise drag the picture away instead of the song.
  const onDragStart = (event: { preventDefault: () => void }) => event.preventDefault();

  const styleOf = (offset: Offset): CSSProperties => ({
    transform: offset.x || offset.y ? `translate(${offset.x}px, ${offset.y}px)` : undefined,
    transition: offset.animated ? `transform ${SWIPE_ANIMATION_MS}ms ease-out` : 'none',
  });

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onClickCapture,
      onDragStart,
    },
    sheetStyle: styleOf(sheet),
    songStyle: styleOf(song),
  };
}
