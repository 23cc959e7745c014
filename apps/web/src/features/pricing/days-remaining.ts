const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `now` until the early-access end date (YYYY-MM-DD, the end of that day's
 * start in UTC), rounded up, never below 0 (docs/product.md §9, docs/product.md §10.15).
 */
export function daysRemaining(endDate: string, now: Date = new Date()): number {
  const end = Date.parse(`${endDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}
