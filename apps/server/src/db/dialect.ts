import { PostgresAdapter, type DialectAdapter } from 'kysely';
import type { DialectName } from './database';

/**
 * Which database a handle (or a transaction of it) speaks, read from the handle itself, so that a
 * query builder that writes one dialect's SQL needs nothing else to be told.
 */
export function dialectOf(db: {
  getExecutor(): { readonly adapter: DialectAdapter };
}): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
