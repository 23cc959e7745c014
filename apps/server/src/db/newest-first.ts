import {
  sql,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';
import type { PageQuery } from '@cadenza/contract/paging';
import {
  keysetPageRequest,
  keysetPosition,
  toPage,
  type Keyset,
  type KeysetPageRequest,
  type Page,
} from '../paging';
import { rowCompare } from './row-values';
import { toIso } from './schema';

/** The two columns that order a newest-first list: creation time, then id to break ties. */
export interface KeysetColumns<DB, TB extends keyof DB> {
  readonly createdAt: StringReference<DB, TB>;
  readonly id: StringReference<DB, TB>;
}

/**
 * The rows after `after` in a list ordered by (created_at desc, id desc): older ones, and among
 * rows created at the same moment, those with a smaller id. Written as one row-value comparison,
 * `(created_at, id) < (?, ?)`, which SQLite and PostgreSQL both read as a range of an index on
 * those columns: a page deep in the list costs what the first one does. The equivalent `OR` of
 * two comparisons is not a range, and the database walks every row before the page to find it.
 */
export function olderThan(
  after: Keyset,
  columns: { readonly createdAt: string; readonly id: string },
): RawBuilder<SqlBool> {
  return rowCompare([columns.createdAt, columns.id], '<', [after.createdAt, after.id]);
}

/**
 * One keyset page of `query`, newest first by (created_at, id): `limit + 1` rows, so that `toPage`
 * knows whether more follow.
 */
export function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: KeysetPageRequest,
  columns: KeysetColumns<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  const page = query
    .orderBy(sql.ref(columns.createdAt), 'desc')
    .orderBy(sql.ref(columns.id), 'desc')
    .limit(request.limit + 1);
  const after = request.after;
  return after ? page.where(olderThan(after, columns)) : page;
}

/** The cursor position of a table row in a newest-first list. */
export function rowKeysetPosition(row: { created_at: Date | string; id: string }): string {
  return keysetPosition({ createdAt: toIso(row.created_at), id: row.id });
}

/**
 * The page a client asked for (`limit`, `cursor`) of a newest-first list, as records that carry
 * their own keyset: the whole paging pipeline of a repository in one call. A cursor this server
 * did not write is a 400 before any SQL runs.
 */
export async function readNewestFirstPage<DB, TB extends keyof DB, O, R extends Keyset>(
  query: SelectQueryBuilder<DB, TB, O>,
  pageQuery: PageQuery,
  columns: KeysetColumns<DB, TB>,
  toRecord: (row: O) => R,
): Promise<Page<R>> {
  const request = keysetPageRequest(pageQuery);
  const rows = await newestFirstPage(query, request, columns).execute();
  return toPage(rows.map(toRecord), request.limit, keysetPosition);
}
