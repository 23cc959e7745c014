import type { PageQuery } from '@cadenza/contract/paging';
import { isId } from '@cadenza/contract/validation';
import { Invalid } from './errors';

/** The first page's size when a list request gives no `limit` (docs/architecture.md §5). */
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

/** A row's place in a newest-first list ordered by (created_at, id): pages start after it. */
export interface Keyset {
  readonly createdAt: string;
  readonly id: string;
}

/** A client's page query once read: how many items, and the keyset to start after. */
export interface KeysetPageRequest {
  readonly limit: number;
  readonly after: Keyset | null;
}

const SEPARATOR = '~';

/**
 * A time exactly as `Date.toISOString` writes it for the years 1970 to 9999: what every
 * `created_at` is. Anything else (another format, or a date PostgreSQL cannot take, such as
 * `+275760-09-13T00:00:00.000Z`) never came from this server.
 */
const ISO_TIME = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The cursor position of a row or record (`encodeCursor` wraps it into the opaque cursor). */
export function keysetPosition(keyset: Keyset): string {
  return `${keyset.createdAt}${SEPARATOR}${keyset.id}`;
}

/** The keyset inside a cursor position; 400 for anything `keysetPosition` did not write. */
export function parseKeysetPosition(position: string): Keyset {
  const at = position.indexOf(SEPARATOR);
  const createdAt = position.slice(0, at);
  const id = position.slice(at + 1);
  const time = Date.parse(createdAt);
  // The round trip refuses dates that do not exist (2025-02-30) but match the pattern.
  const isTime =
    ISO_TIME.test(createdAt) && !Number.isNaN(time) && new Date(time).toISOString() === createdAt;
  if (at < 0 || !isTime || !isId(id)) throw invalidCursor();
  return { createdAt, id };
}

/** Reads a client's `limit` and `cursor` of a newest-first list; 400 for a foreign cursor. */
export function keysetPageRequest(query: PageQuery): KeysetPageRequest {
  return {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: query.cursor === undefined ? null : parseKeysetPosition(decodeCursor(query.cursor)),
  };
}
