import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Songs' `musicbrainz_id`: the MusicBrainz recording id their file's tags give (OpenSubsonic's
 * `musicBrainzId` of a song). Read when a file is read; null until then, and for files without.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').addColumn('musicbrainz_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').dropColumn('musicbrainz_id').execute();
}
