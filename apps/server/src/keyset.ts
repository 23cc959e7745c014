import { isId } from '@cadenza/contract/validation';
import type { PageQuery } from '@cadenza/contract/paging';
import { DEFAULT_PAGE_SIZE, decodeCursor, invalidCursor } from './paging';

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

/**
 * A time exactly as `Date.toISOString` writes it for the years 1970 to 9999: what every
 * `created_at` is. Anything else (another format, or a date PostgreSQL cannot take, such as
 * `+275760-09-13T00:00:00.000Z`) never came from this server.
 */
const ISO_TIME = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The cursor position of a row (paging.ts wraps it into the opaque cursor). */
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

export function keysetPageRequest(query: PageQuery): KeysetPageRequest {
  return {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    after: query.cursor === undefined ? null : parseKeysetPosition(decodeCursor(query.cursor)),
  };
}
