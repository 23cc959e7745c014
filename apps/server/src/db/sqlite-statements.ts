import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LruCache } from '../storage/lru-cache';

/** How many distinct statements stay prepared: the app has a few hundred query shapes. */
const PREPARED_STATEMENTS = 500;

/**
 * The SQLite connection as Kysely sees it, with each distinct statement prepared once: Kysely
 * prepares every query anew, which costs as much as running a small one. A statement is never in
 * use twice at once: Kysely runs one query at a time on its single connection.
 */
export function withPreparedStatements(sqlite: SqliteConnection): SqliteDatabase {
  const prepared = new LruCache<string, Statement>(PREPARED_STATEMENTS);
  return {
    close: () => sqlite.close(),
    prepare: (sql) => {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        prepared.set(sql, statement);
      }
      return statement;
    },
  };
}
