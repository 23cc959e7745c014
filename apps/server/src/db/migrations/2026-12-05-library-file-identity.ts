import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Which file a scanned row is, beyond its size and modification time: `<device>:<inode>` of the
 * file the scan read (decimal, as text: an inode may exceed 2^53). Serving a scanned file checks
 * that the file at its path is still that one, so a file swapped for another (or for a link)
 * after the scan is never sent. Rows scanned before have none: nothing here could know it, so
 * they are checked on size and time until the next scan records it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('library_files').addColumn('identity', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('library_files').dropColumn('identity').execute();
}
