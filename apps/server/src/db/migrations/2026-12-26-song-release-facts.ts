import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Songs' `release_facts`: what their file's tags say of the release (dates, labels, release
 * types, compilation flag), as JSON, so that an album's facts are worked out again from its songs
 * whenever one of them is read again, moves or goes. Null for songs read before: their album keeps
 * what it had until their files are read again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').addColumn('release_facts', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').dropColumn('release_facts').execute();
}
