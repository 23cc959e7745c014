/** What a swipe on the now-playing sheet does. */
export type SheetSwipe = 'close' | 'next' | 'previous';

/** How far a finger moves before the swipe takes a direction (a tap moves less). */
export const SWIPE_SLOP = 10;
/** How far down the sheet is dragged to close it. */
export const CLOSE_DISTANCE = 120;
/** How far sideways the song is dragged to change it. */
export const TRACK_DISTANCE = 80;
/** A quick flick (pixels per millisecond) counts from half the distance. */
export const FLICK_SPEED = 0.5;

export type SwipeAxis = 'x' | 'y';

/** The axis a drag of (dx, dy) follows once it has moved past the slop; null before. */
export function swipeAxisOf(dx: number, dy: number): SwipeAxis | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_SLOP) return null;
  return Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
}

/**
 * What a finished drag along `axis` does: down past CLOSE_DISTANCE closes, left past
 * TRACK_DISTANCE goes to the next song, right to the previous one; a flick faster than
 * FLICK_SPEED needs half the distance. Anything shorter springs back (null).
 */
export function sheetSwipeOf(
  axis: SwipeAxis,
  distance: { dx: number; dy: number },
  milliseconds: number,
): SheetSwipe | null {
  const along = axis === 'x' ? distance.dx : distance.dy;
  const speed = milliseconds > 0 ? Math.abs(along) / milliseconds : 0;
  const scale = speed >= FLICK_SPEED ? 0.5 : 1;
  if (axis === 'y') return along >= CLOSE_DISTANCE * scale ? 'close' : null;
  if (along <= -TRACK_DISTANCE * scale) return 'next';
  if (along >= TRACK_DISTANCE * scale) return 'previous';
  return null;
}
