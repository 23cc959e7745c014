import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * - Songs' and albums' `sort_title`: how their title sorts, as the file's TITLESORT and ALBUMSORT
 *   tags say (null when they say nothing: the title sorts as it is).
 * - Songs' `release_facts`: what their file's tags say of the release (dates, labels, release
 *   types, compilation flag), as JSON, so that an album's facts are worked out again from its
 *   songs whenever one of them is read again, moves or goes. Null for songs read before: their
 *   album keeps what it had until their files are read again.
 * - Songs' `tags_read_version`: the version of the tag reader that read their file last (0 for
 *   every song read before), so that a scan reads again the files an older reader read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').addColumn('release_facts', 'text').execute();
  await db.schema.alterTable('songs').addColumn('sort_title', 'text').execute();
  await db.schema.alterTable('albums').addColumn('sort_title', 'text').execute();
  await db.schema
    .alterTable('songs')
    .addColumn('tags_read_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').dropColumn('tags_read_version').execute();
  await db.schema.alterTable('albums').dropColumn('sort_title').execute();
  await db.schema.alterTable('songs').dropColumn('sort_title').execute();
  await db.schema.alterTable('songs').dropColumn('release_facts').execute();
}
