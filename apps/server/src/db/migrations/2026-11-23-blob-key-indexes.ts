import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Every column that names a stored blob gets an index, so that asking whether a blob is still
 * used (a cover being replaced, the maintenance sweep checking a batch of files) is a lookup,
 * not a scan of every song.
 */
const BLOB_KEY_INDEXES = [
  ['songs_audio_key_idx', 'songs', 'audio_key'],
  ['songs_cover_key_idx', 'songs', 'cover_key'],
  ['playlists_cover_key_idx', 'playlists', 'cover_key'],
  ['users_profile_image_idx', 'users', 'profile_image'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of BLOB_KEY_INDEXES) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of BLOB_KEY_INDEXES) {
    await db.schema.dropIndex(name).execute();
  }
}
