import { isId } from '@cadenza/contract/validation';
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

const INVALID_CURSOR = 'Invalid cursor. Start again from the first page.';

/** The one answer for every cursor this server did not write: 400, whatever is wrong with it. */
export function invalidCursor(): Invalid {
  return new Invalid(
    INVALID_CURSOR,
    [{ field: 'cursor', code: 'invalid_cursor', message: INVALID_CURSOR }],
    'invalid_cursor',
  );
}

/** The keyset position inside a cursor from `encodeCursor`; 400 for anything else. */
export function decodeCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (parsed as { after?: unknown } | null)?.after;
    if (typeof after === 'string' && after.length > 0 && after.length <= 100) return after;
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw invalidCursor();
}

/** The row id inside a cursor of a list ordered by id; 400 for anything else. */
export function decodeIdCursor(cursor: string): string {
  const id = decodeCursor(cursor);
  if (!isId(id)) throw invalidCursor();
  return id;
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
