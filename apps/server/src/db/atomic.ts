import { sql, type DialectAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';
import { dialectOf } from './dialect';
import { isConcurrencyConflict } from './errors';

/**
 * Runs `work` inside the transaction `db` already is, or in a new one: a repository method whose
 * steps must commit together works alone and as part of a caller's unit of work alike.
 */
export function atomically<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** How often a unit of work that lost a race with another is run again. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Like `atomically`, for work that only writes the database and may collide with concurrent
 * work on the same rows (songs joining and leaving one album): a new transaction that loses such
 * a race (`isConcurrencyConflict`) is run again from the start (on SQLite, whose single writer
 * never interleaves, it never comes to that). Inside a caller's transaction, the caller's own retry decides.
 */
export async function atomicallyRetrying<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isConcurrencyConflict(error)) throw error;
    }
  }
}

/**
 * Locks the rows a select inside a transaction reads until it ends, so that a read-then-write
 * cannot interleave with another. PostgreSQL locks them (`FOR UPDATE`); SQLite runs one write
 * transaction at a time on its single connection, which holds them anyway.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: { getExecutor(): { readonly adapter: DialectAdapter } },
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * Like `forUpdate`, with a lock that others reading the same way share (`FOR SHARE`): the rows
 * cannot change or go until the transaction ends, and other readers are not held up.
 */
export function forShare<DB, TB extends keyof DB, O>(
  db: { getExecutor(): { readonly adapter: DialectAdapter } },
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db) === 'postgres' ? query.forShare() : query;
}

/**
 * Holds a lock named by `name` until the transaction `db` is ends, so that two transactions
 * checking then writing the same thing (say, a file's content) run one after the other.
 * PostgreSQL takes an advisory lock; SQLite's single write connection runs them in turn anyway.
 */
export async function lockName<DB>(db: Kysely<DB>, name: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(db);
}
