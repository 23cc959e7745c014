/** Rows per statement: well within both databases' limits on parameters. */
export const CHUNK = 500;

/** The items in order, in slices of at most `size`: one statement's rows each. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
