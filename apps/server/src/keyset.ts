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

function parseKeysetPosition(position: string): Keyset {
  const at = position.indexOf(SEPARATOR);
  const time = Date.parse(position.slice(0, at));
  const id = position.slice(at + 1);
  if (at < 0 || Number.isNaN(time) || id.length === 0) {
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
