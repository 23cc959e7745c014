import type { BREAKPOINTS } from '@/lib/use-media-query';
import { upQuery } from '@/lib/use-media-query';

/** The responsive grid cards sit in: two columns on a phone, up to six on a wide screen. */
export const cardGridColumns = {
  xs: 'repeat(2, minmax(0, 1fr))',
  sm: 'repeat(3, minmax(0, 1fr))',
  md: 'repeat(4, minmax(0, 1fr))',
  lg: 'repeat(5, minmax(0, 1fr))',
  xl: 'repeat(6, minmax(0, 1fr))',
};

/** From the widest breakpoint down: how many cards one row holds from there up. */
const COLUMNS_FROM: readonly [keyof typeof BREAKPOINTS, number][] = [
  ['xl', 6],
  ['lg', 5],
  ['md', 4],
  ['sm', 3],
];

/** How many cards one row of the grid holds, given which `upQuery`s match (as `cardGridColumns`). */
export function cardGridColumnCount(matches: (query: string) => boolean): number {
  return COLUMNS_FROM.find(([breakpoint]) => matches(upQuery(breakpoint)))?.[1] ?? 2;
}

/**
 * Rows of the first grid of a page that are in view when it opens: two (a phone shows two rows of
 * two cards below the page's title; a wide screen two rows of six).
 */
export const ROWS_IN_VIEW = 2;

/** How many cards of a page's first grid are in view when it opens, at the window's width now. */
export function cardsInViewNow(): number {
  const matches = (query: string) =>
    typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return ROWS_IN_VIEW * cardGridColumnCount(matches);
}
