// SQLite settings for loading a scratch file in bulk: no journal on disk, no syncs, a page cache
// large enough for the tables' B-trees. A crash mid-load leaves a broken file, which is fine for
// a library that is built again; the server's own settings come back before anyone reads it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

/** Pages of the cache during the load, in KiB (SQLite's negative form): 512 MiB. */
const BULK_CACHE_KIB = 512 * 1024;

async function pragma(db: Kysely<Database>, statement: string): Promise<unknown> {
  const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${statement}`).execute(db);
  const first = rows[0];
  return first === undefined ? undefined : Object.values(first)[0];
}

/** Sets the bulk-load settings; answers a function that puts the server's back (openDatabase). */
export async function useBulkLoadSettings(db: Kysely<Database>): Promise<() => Promise<void>> {
  const journal = String(await pragma(db, 'journal_mode'));
  const synchronous = Number(await pragma(db, 'synchronous'));
  const cacheSize = Number(await pragma(db, 'cache_size'));
  await pragma(db, 'journal_mode = MEMORY');
  await pragma(db, 'synchronous = OFF');
  await pragma(db, `cache_size = -${BULK_CACHE_KIB}`);
  return async () => {
    const restored = String(await pragma(db, `journal_mode = ${journal}`));
    if (restored.toLowerCase() !== journal.toLowerCase()) {
      throw new Error(`SQLite journal_mode stayed ${restored} instead of going back to ${journal}`);
    }
    await pragma(db, `synchronous = ${synchronous}`);
    await pragma(db, `cache_size = ${cacheSize}`);
  };
}
