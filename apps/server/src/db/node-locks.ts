import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import type { DialectName } from './database';

/** Work that one server node at a time may do, whichever nodes share the database. */
export type LockName = 'start-up' | 'maintenance' | 'library-scan' | 'podcasts' | 'backup';

/** What `runIfFree` answers: the work's result, or that another node holds the lock. */
export type IfFree<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/**
 * Locks shared by every server node on one database. On PostgreSQL they are session advisory
 * locks, each held by a connection of its own for as long as the work runs (the work itself
 * uses the pool); they are keyed by the schema too, so that deployments (or test runs) in
 * other schemas of the same database never wait for each other. SQLite serves one node, so
 * there is nobody to exclude and the work simply runs.
 */
export interface NodeLocks {
  /** Waits until no other node holds `name`, then runs `work` holding it. */
  runExclusively<T>(name: LockName, work: () => Promise<T>): Promise<T>;
  /** Runs `work` holding `name` if no other node holds it now; otherwise does nothing. */
  runIfFree<T>(name: LockName, work: () => Promise<T>): Promise<IfFree<T>>;
}

/** The two halves of a lock's key: Cadenza's, and the lock's within the current schema. */
const lockKey = (name: LockName) =>
  sql`hashtext('cadenza'), hashtext(current_schema() || '/' || ${name})`;

class AdvisoryLocks implements NodeLocks {
  constructor(private readonly db: Kysely<Database>) {}

  runExclusively<T>(name: LockName, work: () => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${lockKey(name)})`.execute(connection);
      try {
        return await work();
      } finally {
        await this.unlock(connection, name);
      }
    });
  }

  runIfFree<T>(name: LockName, work: () => Promise<T>): Promise<IfFree<T>> {
    return this.db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        taken: boolean;
      }>`select pg_try_advisory_lock(${lockKey(name)}) as taken`.execute(connection);
      if (!rows[0]?.taken) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await this.unlock(connection, name);
      }
    });
  }

  /** A connection lost meanwhile has let go of its locks already; that is no failure of the work. */
  private async unlock(connection: Kysely<Database>, name: LockName): Promise<void> {
    await sql`select pg_advisory_unlock(${lockKey(name)})`.execute(connection).catch(() => {});
  }
}

const singleNode: NodeLocks = {
  runExclusively: (_name, work) => work(),
  runIfFree: async (_name, work) => ({ ran: true, value: await work() }),
};

export function nodeLocks(db: Kysely<Database>, dialect: DialectName): NodeLocks {
  return dialect === 'postgres' ? new AdvisoryLocks(db) : singleNode;
}
