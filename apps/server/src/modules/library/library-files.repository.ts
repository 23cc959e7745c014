import type { Kysely } from 'kysely';
import { atomically } from '../../db/atomic';
import type { Database } from '../../db/schema';

/** A file of a scanned folder as its row knows it. */
export interface LibraryFileRecord {
  readonly id: string;
  readonly folder: string;
  /** Inside `folder`, names separated by `/`. */
  readonly path: string;
  readonly bytes: number;
  readonly mtimeMs: number;
  readonly sha256: string;
  /** `<device>:<inode>`; null for a row scanned before it was recorded. */
  readonly identity: string | null;
  readonly songId: string | null;
  readonly seenScan: string;
  /** `<bytes>:<mtime ms>` of the `.lrc` beside the file when it was read; null for none. */
  readonly lyricsFile: string | null;
}

/** Where a file is found now. */
export interface LibraryFilePlace {
  readonly folder: string;
  readonly path: string;
}

/** What a file is, as the scan found it: what serving it checks the file at its place against. */
export interface LibraryFileFacts extends LibraryFilePlace {
  readonly bytes: number;
  /** Whole milliseconds; `PENDING_MTIME` while its import has not finished. */
  readonly mtimeMs: number;
  /** `<device>:<inode>`; null for a row scanned before it was recorded. */
  readonly identity: string | null;
}

/** What a scan found at a place. */
export interface LibraryFileState extends LibraryFileFacts {
  readonly identity: string;
  readonly sha256: string;
  /** `<bytes>:<mtime ms>` of the `.lrc` beside the file, as read with it; null for none. */
  readonly lyricsFile: string | null;
}

/** A file whose import finished: what it is now, and its song. */
export interface SettledFile {
  readonly id: string;
  readonly state: LibraryFileState;
  readonly songId: string | null;
}

/** A file of a directory, and the version of the tag reader that read it into its song. */
export interface ListedLibraryFile extends LibraryFileRecord {
  /** Null for a file without a song. */
  readonly tagsReadVersion: number | null;
}

/** The modification time of a row whose import has not finished: the next scan takes it again. */
export const PENDING_MTIME = -1;

/** Ids per statement: well under SQLite's limit of bound parameters. */
const BATCH = 500;

/** The directory part of a path inside a folder ('' for the folder itself). */
export function directoryOf(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return slash === -1 ? '' : filePath.slice(0, slash);
}

function recordOf(row: {
  id: string;
  folder: string;
  path: string;
  bytes: number | string;
  mtime_ms: number | string;
  sha256: string;
  identity: string | null;
  song_id: string | null;
  seen_scan: string;
  lyrics_file: string | null;
}): LibraryFileRecord {
  return {
    id: row.id,
    folder: row.folder,
    path: row.path,
    bytes: Number(row.bytes),
    mtimeMs: Number(row.mtime_ms),
    sha256: row.sha256,
    identity: row.identity,
    songId: row.song_id,
    seenScan: row.seen_scan,
    lyricsFile: row.lyrics_file,
  };
}

function stateColumns(state: LibraryFileState, songId: string | null, scan: string) {
  return {
    folder: state.folder,
    path: state.path,
    dir: directoryOf(state.path),
    bytes: state.bytes,
    mtime_ms: state.mtimeMs,
    sha256: state.sha256,
    identity: state.identity,
    song_id: songId,
    seen_scan: scan,
    lyrics_file: state.lyricsFile,
  };
}

/** The rows of the files of the folders scanned in place (MUSIC_DIR). */
export class LibraryFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Where a file is and what it was when scanned, by its id; null for an unknown one. */
  async factsOf(id: string): Promise<LibraryFileFacts | null> {
    const row = await this.db
      .selectFrom('library_files')
      .select(['folder', 'path', 'bytes', 'mtime_ms', 'identity'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      folder: row.folder,
      path: row.path,
      bytes: Number(row.bytes),
      mtimeMs: Number(row.mtime_ms),
      identity: row.identity,
    };
  }

  /** The path inside its folder of each of these songs' files, for songs made of one. */
  async pathsOfSongs(songIds: readonly string[]): Promise<Map<string, string>> {
    const paths = new Map<string, string>();
    const ids = [...new Set(songIds)];
    for (let start = 0; start < ids.length; start += BATCH) {
      const rows = await this.db
        .selectFrom('library_files')
        .select(['song_id', 'path'])
        .where('song_id', 'in', ids.slice(start, start + BATCH))
        .execute();
      for (const row of rows) if (row.song_id !== null) paths.set(row.song_id, row.path);
    }
    return paths;
  }

  /** Every file known in one directory of a folder: one query for all of them. */
  async inDirectory(folder: string, dir: string): Promise<ListedLibraryFile[]> {
    const rows = await this.db
      .selectFrom('library_files')
      .leftJoin('songs', 'songs.id', 'library_files.song_id')
      .selectAll('library_files')
      .select('songs.tags_read_version')
      .where('library_files.folder', '=', folder)
      .where('library_files.dir', '=', dir)
      .execute();
    return rows.map((row) => ({ ...recordOf(row), tagsReadVersion: row.tags_read_version }));
  }

  /** Files with this content that `scan` has not found yet: where a moved file came from. */
  async unseenWithContent(sha256: string, scan: string): Promise<LibraryFileRecord[]> {
    const rows = await this.files()
      .where('sha256', '=', sha256)
      .where('seen_scan', '<>', scan)
      .execute();
    return rows.map(recordOf);
  }

  /** Records what a file is now (and where), and that `scan` found it: a new row or a known one. */
  async save(
    id: string,
    state: LibraryFileState,
    songId: string | null,
    scan: string,
  ): Promise<void> {
    const columns = stateColumns(state, songId, scan);
    await this.db
      .insertInto('library_files')
      .values({ id, ...columns })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns))
      .execute();
  }

  /**
   * Records, in one transaction, the files whose import finished and the files found unchanged,
   * all found by `scan`: one commit for a batch of files, not one for each.
   */
  async record(
    settled: readonly SettledFile[],
    unchanged: readonly string[],
    scan: string,
  ): Promise<void> {
    if (settled.length === 0 && unchanged.length === 0) return;
    await atomically(this.db, async (trx) => {
      const files = new LibraryFilesRepository(trx);
      for (const file of settled) await files.save(file.id, file.state, file.songId, scan);
      for (let start = 0; start < unchanged.length; start += BATCH) {
        await trx
          .updateTable('library_files')
          .set({ seen_scan: scan })
          .where('id', 'in', unchanged.slice(start, start + BATCH))
          .execute();
      }
    });
  }

  /**
   * A batch of the files `scan` did not find, in id order after `afterId`, among the folders it
   * walked whole (`folders`) or no longer configured at all (not in `configured`).
   */
  async unseen(
    scan: string,
    folders: readonly string[],
    configured: readonly string[],
    afterId: string,
    limit: number,
  ): Promise<LibraryFileRecord[]> {
    let query = this.files().where('seen_scan', '<>', scan).where('id', '>', afterId);
    query = query.where((eb) => {
      const walked = folders.length > 0 ? [eb('folder', 'in', [...folders])] : [];
      const dropped =
        configured.length > 0 ? eb('folder', 'not in', [...configured]) : eb.lit(true);
      return eb.or([...walked, dropped]);
    });
    const rows = await query.orderBy('id').limit(limit).execute();
    return rows.map(recordOf);
  }

  private files() {
    return this.db.selectFrom('library_files').selectAll();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('library_files').where('id', '=', id).execute();
  }
}
