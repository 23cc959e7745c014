import { Invalid } from './errors';
import type { PageQuery } from '@cadenza/contract/paging';
import { DEFAULT_PAGE_SIZE, decodeCursor } from './paging';

/** A row's place in a newest-first list ordered by (created_at, id): pages start after it. */
export interface Keyset {
  readonly createdAt: string;
  readonly id: string;
}

export interface KeysetPageRequest {
  readonly limit: number;
  readonly after: Keyset | null;
}

const SEPARATOR = '~';

/** The cursor position of a row (paging.ts wraps it into the opaque cursor). */
export function keysetPosition(keyset: Keyset): string {
  return `${keyset.createdAt}${SEPARATOR}${keyset.id}`;
}

/** Years 1 to 9999: every timestamp both databases hold (PostgreSQL refuses years beyond). */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

function parseKeysetPosition(position: string): Keyset {
  const at = position.indexOf(SEPARATOR);
  const time = Date.parse(position.slice(0, at));
  const id = position.slice(at + 1);
  if (at < 0 || !(time >= EARLIEST && time <= LATEST) || id.length === 0) {
    throw new Invalid(
      'Invalid cursor. Start again from the first page.',
      undefined,
      'invalid_cursor',
    );
  }
  // The exact text the database holds, so that SQLite's text comparison stays correct.
  return { createdAt: new Date(time).toISOString(), id };
}

export function keysetPageRequest(query: PageQuery): KeysetPageRequest {
  return {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: query.cursor === undefined ? null : parseKeysetPosition(decodeCursor(query.cursor)),
  };
}
