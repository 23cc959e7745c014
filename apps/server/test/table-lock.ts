import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database';
import type { Database } from '../src/db/schema';

/**
 * Locks a PostgreSQL table from a transaction of its own, so that whoever touches it waits
 * until `release` is called: the way to hold another node in the middle of its work.
 */
export async function lockTable(
  database: DatabaseHandle,
  table: keyof Database,
): Promise<{ release(): Promise<void> }> {
  // Idempotent, so that a test's clean-up may release it again.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(table)} IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([isLocked, transaction]);
  return {
    async release() {
      release();
      await transaction;
    },
  };
}
