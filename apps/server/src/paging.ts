import { Invalid } from './errors';

/** The first page's size when a list request gives no `limit` (DESIGN.md §5). */
export const DEFAULT_PAGE_SIZE = 50;

export interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

/** Wraps a keyset position (for example the last id of a page) so that clients treat it as opaque. */
export function encodeCursor(position: string): string {
  return Buffer.from(JSON.stringify({ after: position })).toString('base64url');
}

/**
 * The keyset position inside a cursor from `encodeCursor`; 400 for anything else, and for a
 * position that `isPosition` (when given) does not recognise as one this list hands out.
 */
export function decodeCursor(
  cursor: string,
  isPosition: (position: string) => boolean = () => true,
): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (parsed as { after?: unknown } | null)?.after;
    // Positions are times and ids: control characters (NUL among them) are never part of one.
    if (typeof after === 'string' && /^\P{Cc}{1,100}$/u.test(after) && isPosition(after)) {
      return after;
    }
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw new Invalid(
    'Invalid cursor. Start again from the first page.',
    undefined,
    'invalid_cursor',
  );
}

/**
 * Turns rows fetched with `limit + 1` into a page: the extra row only proves there is more, and the
 * last row kept becomes the cursor.
 */
export function toPage<T>(rows: T[], limit: number, positionOf: (row: T) => string): Page<T> {
  if (rows.length <= limit) return { items: rows };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return last === undefined ? { items } : { items, nextCursor: encodeCursor(positionOf(last)) };
}
