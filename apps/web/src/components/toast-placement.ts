/** A box in window coordinates, as `getBoundingClientRect` gives it. */
export interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type ToastEdge = 'bottom' | 'top';

/** How many square pixels two boxes share (0 when they only touch or are apart). */
export function overlap(a: Area, b: Area): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

const covered = (stack: Area, avoid: readonly Area[]) =>
  avoid.reduce((sum, area) => sum + overlap(stack, area), 0);

/**
 * Where a stack of toasts goes. It stays at its usual edge (the bottom, above the bottom bars)
 * unless it would lie over one of `avoid` (the control that produced a toast, the buttons of an
 * open dialog, a floating bar); then it moves to the top, below the header. Should the top cover more, it stays
 * where it was.
 *
 * `left`/`right` are the stack's sides, `height` its height; `bottomLine` is the y its bottom
 * has at the bottom edge, `topLine` the y its top has at the top edge.
 */
export function chooseToastEdge({
  left,
  right,
  height,
  bottomLine,
  topLine,
  avoid,
}: {
  left: number;
  right: number;
  height: number;
  bottomLine: number;
  topLine: number;
  avoid: readonly Area[];
}): ToastEdge {
  const atBottom = covered({ left, right, top: bottomLine - height, bottom: bottomLine }, avoid);
  if (atBottom === 0) return 'bottom';
  const atTop = covered({ left, right, top: topLine, bottom: topLine + height }, avoid);
  return atTop < atBottom ? 'top' : 'bottom';
}

/** The control a pointer or key acted on: what a toast that follows may have come from. */
export function controlOf(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  return target.closest(
    'button, a[href], input, select, textarea, [role="button"], [role="menuitem"]',
  );
}

/** Marks a bar that floats over the page (the side player): toasts keep clear of it. */
export const KEEP_CLEAR_OF_TOASTS = 'data-keep-clear-of-toasts';

/**
 * What toasts must not cover, as boxes (hidden ones are left out): the buttons of every dialog on
 * screen, and the bars marked with `KEEP_CLEAR_OF_TOASTS`.
 */
export function keptClearAreas(root: ParentNode = document): Area[] {
  return [
    ...root.querySelectorAll(
      `[role="dialog"] button, [role="alertdialog"] button, [${KEEP_CLEAR_OF_TOASTS}]`,
    ),
  ]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
}
