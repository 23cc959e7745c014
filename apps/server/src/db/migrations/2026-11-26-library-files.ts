import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * The files of the folders scanned in place (MUSIC_DIR), one row per audio file found: where it
 * is (its folder as configured, its path inside it with `/` between names, and that path's
 * directory, so that a scan reads the rows of one directory at a time), what it was when last
 * read (size, modification time in whole milliseconds, content hash) and the song made of it.
 * The row's id names the file in the object store (`audio/library/<id>`), so a file that moves
 * keeps its song's key. A song deleted by an administrator leaves the row without a song: the
 * file stays where it is, and the scan does not bring the song back until the file changes.
 * `seen_scan` is the last scan that found the file; what a finished scan did not see is gone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('library_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('mtime_ms', postgres ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('song_id', 'text', (c) => c.references('songs.id').onDelete('set null'))
    .addColumn('seen_scan', 'text', (c) => c.notNull())
    .addUniqueConstraint('library_files_folder_path_key', ['folder', 'path'])
    .execute();
  const indexes = [
    ['library_files_dir_idx', ['folder', 'dir']],
    ['library_files_sha256_idx', ['sha256']],
    ['library_files_song_idx', ['song_id']],
    ['library_files_seen_idx', ['seen_scan']],
  ] as const;
  for (const [name, columns] of indexes) {
    await db.schema
      .createIndex(name)
      .on('library_files')
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('library_files').execute();
}
