import type { Kysely } from 'kysely';
import { atomicallyRetrying } from './atomic';
import type { Database } from './schema';

/**
 * Runs `work` in one database transaction with repositories bound to it: everything commits
 * together or nothing does. Services take a Transactor, so they never see Kysely.
 */
export type Transactor<R> = <T>(work: (repositories: R) => Promise<T>) => Promise<T>;

export function transactor<R>(
  db: Kysely<Database>,
  bind: (db: Kysely<Database>) => R,
): Transactor<R> {
  return (work) => db.transaction().execute((trx) => work(bind(trx)));
}

/**
 * A Transactor whose transaction is run again from the start when it loses a race with another
 * (`atomicallyRetrying`): for work that spans several modules' rows, such as a song's write.
 */
export function retryingTransactor<R>(
  db: Kysely<Database>,
  bind: (db: Kysely<Database>) => R,
): Transactor<R> {
  return (work) => atomicallyRetrying(db, (trx) => work(bind(trx)));
}
