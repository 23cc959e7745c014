import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  libraryMessages,
  MAX_LISTED_REPLACED_EDITS,
  MAX_LISTED_SCAN_ERRORS,
  type LibraryScanError,
  type LibraryScanStatus,
} from '@cadenza/contract/library';
import { TAG_READER_VERSION } from '../../domain/audio-tags';
import type { TagLyrics } from '../../domain/grouping';
import type { NodeLocks } from '../../db/node-locks';
import { AppError, Conflict } from '../../errors';
import { newId } from '../../ids';
import { libraryKeyOf } from '../../storage/library-object-store';
import { identityOf } from '../../storage/scanned-files';
import type { LibraryFileRead } from './library-file-read';
import { LibraryFileReaders } from './library-file-readers';
import type { CoverImages } from '../images/cover-images';
import type { StoredImage } from '../uploads/stored-files';
import {
  PENDING_MTIME,
  type LibraryFileRecord,
  type LibraryFilesRepository,
  type ListedLibraryFile,
  type LibraryFileState,
  type SettledFile,
} from './library-files.repository';
import type { ImportOutcome, ImportSource, LibraryImporter } from './library-importer';
import { baseNameOf, coverFileOf, isAudioFileName, lyricsFilesOf } from './library-file-names';
import { fileInFolder } from './library-paths';
import {
  NO_SIDECAR,
  readSidecarLyrics,
  sidecarSignature,
  type SidecarLook,
} from './sidecar-lyrics';

/** A file whose song an earlier version of the tag reader read: the scan reads it again. */
function readByAnEarlierReader(row: ListedLibraryFile): boolean {
  return row.tagsReadVersion !== null && row.tagsReadVersion < TAG_READER_VERSION;
}

/** Files of a directory looked at (stat) together. */
const LOOKS_AT_ONCE = 32;
/** New or changed files read and imported at the same time. */
const TAKES_AT_ONCE = 8;
/** Files removed from the rows per batch once the walk is done. */
const REMOVAL_BATCH = 200;

function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'The file or folder could not be read.';
  if (code === 'ENOENT') return 'The file disappeared while it was being read.';
  if (code === 'ELOOP') return 'The file was replaced by a link, which the scan does not follow.';
  return error instanceof Error ? error.message : String(error);
}

export interface LibraryScanDeps {
  readonly folders: readonly string[];
  readonly files: LibraryFilesRepository;
  /** One node scans at a time: a scan started while another node's runs is skipped. */
  readonly locks: NodeLocks;
  readonly importer: LibraryImporter;
  readonly covers: CoverImages;
  /** Where a scan reads its files; closed when the scan ends. */
  openReaders(): LibraryFileReaders;
  /** Deletes a song and every reference to it, the way an administrator's delete does. */
  deleteSong(songId: string): Promise<void>;
  /**
   * Replaces the lyrics of the `.lrc` beside a song's file (null: it is gone), the rest of the
   * song as it is; answers whether lyrics set by hand were replaced.
   */
  replaceSidecarLyrics(songId: string, lyrics: TagLyrics | null): Promise<boolean>;
  readonly log?: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
  };
}

/** One directory's audio files, sub-directories, cover and `.lrc` files, read as the scan reaches it. */
interface Directory {
  readonly files: string[];
  readonly subdirectories: string[];
  readonly cover: string | null;
  /** The `.lrc` file names by the base name they share with audio files. */
  readonly lyrics: ReadonlyMap<string, string>;
}

const EMPTY_DIRECTORY: Directory = {
  files: [],
  subdirectories: [],
  cover: null,
  lyrics: new Map(),
};

/** What a look at a file finds, before its content is read. */
type LookedState = Omit<LibraryFileState, 'sha256' | 'lyricsFile'>;

/** Runs `work` on every item, at most `limit` at once. */
async function eachAtOnce<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const item = items[index];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** What a scan did, in numbers. */
export type Counts = Pick<
  LibraryScanStatus,
  'seen' | 'added' | 'updated' | 'moved' | 'removed' | 'unchanged' | 'errorCount'
>;

function pickCounts(from: Counts): Counts {
  const { seen, added, updated, moved, removed, unchanged, errorCount } = from;
  return { seen, added, updated, moved, removed, unchanged, errorCount };
}

function noop(): void {}

function noCounts(): Counts {
  return { seen: 0, added: 0, updated: 0, moved: 0, removed: 0, unchanged: 0, errorCount: 0 };
}

/** Progress for a terminal: the status so far. */
export type ScanProgress = (status: LibraryScanStatus) => void;

export function libraryNotConfigured(): Conflict {
  return new Conflict(libraryMessages.notConfigured, 'library_not_configured');
}

/**
 * Scans the folders of MUSIC_DIR in place: every audio file becomes a song whose audio is the
 * file itself (`audio/library/<file id>`), read where it lies and never written. A file found
 * unchanged (same size and modification time) costs a stat; a new one is hashed and imported; a
 * changed one is read again into the same song (its plays, likes and playlists stay); a new path
 * with the content of a file no longer where it was is that file moved, and keeps its song; and
 * the songs of files gone are deleted like an administrator deletes them.
 *
 * The walk streams each directory and reads the rows of one directory at a time, so memory does
 * not grow with the library. It yields to other work between files; one scan runs at a time. A
 * file that cannot be taken is an error entry with its path, never the end of the scan; a folder
 * that could not be walked whole loses none of its songs.
 */
export class LibraryScanService {
  private state: LibraryScanStatus;
  private running: Promise<LibraryScanStatus> | null = null;
  private stopping = false;
  private fatal: string | null = null;
  /** Where this scan's files are read (hashed and parsed): reader threads, or this thread. */
  private readers = new LibraryFileReaders({ threads: 0 });
  /** The content being taken now, by hash: a second file with it waits for the first. */
  private readonly sameContent = new Map<string, Promise<void>>();
  /** The scan of one directory running now (`rescanDirectory`): a full scan waits for it. */
  private rescanning: Promise<unknown> | null = null;

  constructor(private readonly deps: LibraryScanDeps) {
    this.state = {
      configured: deps.folders.length > 0,
      folders: [...deps.folders],
      running: false,
      startedAt: null,
      finishedAt: null,
      elapsedMs: 0,
      ...noCounts(),
      errors: [],
      replacedEdits: [],
    };
  }

  /** The running or last scan. */
  status(): LibraryScanStatus {
    const { state } = this;
    const elapsedMs =
      state.running && state.startedAt ? Date.now() - Date.parse(state.startedAt) : state.elapsedMs;
    return {
      ...state,
      elapsedMs,
      errors: [...state.errors],
      replacedEdits: state.replacedEdits.map((entry) => ({ ...entry, fields: [...entry.fields] })),
    };
  }

  /**
   * Starts a scan in the background unless one runs; answers the status either way. 409
   * `library_not_configured` without MUSIC_DIR.
   */
  start(onProgress?: ScanProgress): LibraryScanStatus {
    if (!this.state.configured) throw libraryNotConfigured();
    void this.run(onProgress);
    return this.status();
  }

  /** Runs a scan (or joins the one running) and answers its final status. */
  run(onProgress?: ScanProgress): Promise<LibraryScanStatus> {
    if (!this.state.configured) return Promise.reject(libraryNotConfigured());
    if (this.running) return this.running;
    this.stopping = false;
    this.fatal = null;
    this.state = {
      ...this.state,
      running: true,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      elapsedMs: 0,
      ...noCounts(),
      errors: [],
      replacedEdits: [],
    };
    const started = Date.now();
    const finish = () => {
      this.state = {
        ...this.state,
        running: false,
        finishedAt: new Date().toISOString(),
        elapsedMs: Date.now() - started,
      };
      this.running = null;
      const { errors: _listed, replacedEdits: _replaced, ...counts } = this.status();
      this.deps.log?.info(
        counts,
        `library scan: ${counts.added} added, ${counts.updated} updated, ${counts.moved} moved, ` +
          `${counts.removed} removed, ${counts.unchanged} unchanged, ${counts.errorCount} errors`,
      );
      return this.status();
    };
    // A directory being scanned again finishes first: the two never take the same files.
    const ready = this.rescanning?.then(noop, noop) ?? Promise.resolve();
    this.running = ready
      .then(() => this.scan(onProgress))
      .then(finish, (error: unknown) => {
        this.fatal = messageOf(error);
        this.fail('', error);
        this.deps.log?.warn({ err: error }, 'library scan failed');
        return finish();
      });
    return this.running;
  }

  /** Why the last scan stopped before its end (the database failed, say); null if it did not. */
  failure(): string | null {
    return this.fatal;
  }

  /** Stops a running scan at its next file (it removes nothing then) and waits for it. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
    await this.rescanning?.catch(noop);
  }

  /**
   * Scans one directory of a folder again, as a full scan would (unchanged files skipped,
   * changed ones read again, files gone or become links removed with their songs), once no full
   * scan runs; answers its counts. The status of the last full scan stays as it was. A directory
   * that is itself gone, or now reached through a link, is as good as empty.
   */
  async rescanDirectory(folder: string, dir: string): Promise<Counts> {
    while (this.running) await this.running;
    if (this.stopping) return noCounts();
    const rescan = this.deps.locks.runIfFree('library-scan', () =>
      this.scanDirectoryAgain(folder, dir),
    );
    this.rescanning = rescan;
    try {
      const round = await rescan;
      return round.ran ? round.value : noCounts();
    } finally {
      if (this.rescanning === rescan) this.rescanning = null;
    }
  }

  private async scanDirectoryAgain(folder: string, dir: string): Promise<Counts> {
    const kept = this.state;
    this.state = { ...kept, ...noCounts(), errors: [], replacedEdits: [] };
    const scanId = newId();
    const readers = this.readers;
    this.readers = new LibraryFileReaders({ threads: 0 });
    let listed: Directory | null = null;
    try {
      listed = await this.readDirectoryInPlace(folder, dir);
      await this.scanDirectory(folder, dir, listed, scanId);
      if (!this.stopping) {
        for (const row of await this.deps.files.inDirectory(folder, dir)) {
          if (row.seenScan === scanId) continue;
          if (row.songId !== null) await this.deleteSong(row.songId);
          await this.deps.files.delete(row.id);
          this.count('removed');
        }
      }
    } catch (error) {
      this.fail(path.join(folder, dir), error);
    } finally {
      await this.readers.close();
      this.readers = readers;
    }
    const { errors, replacedEdits, ...counts } = this.state;
    // A full scan asked for meanwhile has not counted anything yet: it waits for this one.
    this.state =
      this.state.startedAt === kept.startedAt && this.state.running === kept.running
        ? {
            ...this.state,
            ...pickCounts(kept),
            errors: kept.errors,
            replacedEdits: kept.replacedEdits,
          }
        : { ...this.state, ...noCounts(), errors: [], replacedEdits: [] };
    const result = pickCounts(counts);
    this.deps.log?.info(
      { folder, dir, ...result, errors, replacedEdits },
      `library rescan of ${path.join(folder, dir)}: ${result.updated} updated, ` +
        `${result.removed} removed, ${result.errorCount} errors`,
    );
    return result;
  }

  /**
   * A directory's listing for a scan of it alone: empty when it is gone or reached through a
   * link (a full scan never walks into one); an unreadable one fails, and loses no song.
   */
  private async readDirectoryInPlace(folder: string, dir: string): Promise<Directory> {
    const empty = EMPTY_DIRECTORY;
    const absolute = dir === '' ? folder : fileInFolder(folder, dir);
    if (absolute === null) return empty;
    const [realFolder, realDirectory] = await Promise.all([
      fsp.realpath(folder),
      fsp.realpath(absolute).catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return null;
        throw error;
      }),
    ]);
    const expected = dir === '' ? realFolder : path.join(realFolder, ...dir.split('/'));
    if (realDirectory !== expected) return empty;
    return this.readDirectory(folder, dir).catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return empty;
      throw error;
    });
  }

  /** How many audio files the folders hold now (a terminal counts first, then scans). */
  async countFiles(): Promise<number> {
    let count = 0;
    for (const folder of this.deps.folders) {
      const pending = [''];
      for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
        const listed = await this.readDirectory(folder, dir).catch(() => null);
        if (!listed) continue;
        count += listed.files.length;
        pending.push(...listed.subdirectories);
      }
    }
    return count;
  }

  private async scan(onProgress?: ScanProgress): Promise<void> {
    const round = await this.deps.locks.runIfFree('library-scan', () => this.scanAll(onProgress));
    if (!round.ran) {
      this.fatal = libraryMessages.scanningElsewhere;
      this.fail('', new Error(libraryMessages.scanningElsewhere));
    }
  }

  private async scanAll(onProgress?: ScanProgress): Promise<void> {
    const scanId = newId();
    const walkedWhole: string[] = [];
    this.readers = this.deps.openReaders();
    try {
      for (const folder of this.deps.folders) {
        if (this.stopping) return;
        const whole = await this.walk(folder, scanId, onProgress);
        if (whole) walkedWhole.push(folder);
      }
    } finally {
      await this.readers.close();
    }
    if (this.stopping) return;
    await this.removeUnseen(scanId, walkedWhole);
    onProgress?.(this.status());
  }

  /** Walks one folder depth first; true when every directory of it could be read. */
  private async walk(folder: string, scanId: string, onProgress?: ScanProgress): Promise<boolean> {
    let whole = true;
    // The directories still to visit: a path each, never their contents.
    const pending = [''];
    for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
      if (this.stopping) return false;
      let listed: Directory;
      try {
        listed = await this.readDirectory(folder, dir);
      } catch (error) {
        whole = false;
        this.fail(path.join(folder, dir), error);
        continue;
      }
      await this.scanDirectory(folder, dir, listed, scanId, onProgress);
      // Reversed, so that they are visited in the order they were listed.
      for (let index = listed.subdirectories.length - 1; index >= 0; index -= 1) {
        pending.push(listed.subdirectories[index] ?? '');
      }
    }
    return whole;
  }

  private async readDirectory(folder: string, dir: string): Promise<Directory> {
    const absolute = dir === '' ? folder : path.join(folder, ...dir.split('/'));
    const files: string[] = [];
    const subdirectories: string[] = [];
    const others: string[] = [];
    // Streamed: a directory is read entry by entry, never listed whole by the system call.
    for await (const entry of await fsp.opendir(absolute, { bufferSize: 256 })) {
      if (entry.name.startsWith('.')) continue;
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) subdirectories.push(relative);
      else if (!entry.isFile()) continue;
      else if (isAudioFileName(entry.name)) files.push(relative);
      else others.push(entry.name);
    }
    files.sort();
    subdirectories.sort();
    const cover = coverFileOf(others);
    return {
      files,
      subdirectories,
      cover: cover === null ? null : path.join(absolute, cover),
      lyrics: lyricsFilesOf(others),
    };
  }

  private async scanDirectory(
    folder: string,
    dir: string,
    listed: Directory,
    scanId: string,
    onProgress?: ScanProgress,
  ): Promise<void> {
    if (listed.files.length === 0) return;
    const known = new Map<string, ListedLibraryFile>();
    for (const row of await this.deps.files.inDirectory(folder, dir)) known.set(row.path, row);
    const unchanged: string[] = [];
    const settled: SettledFile[] = [];
    const folderCover = this.folderCoverOf(listed.cover);
    const seen = () => {
      this.count('seen');
      onProgress?.(this.state);
    };
    try {
      for (let start = 0; start < listed.files.length && !this.stopping; start += LOOKS_AT_ONCE) {
        const batch = listed.files.slice(start, start + LOOKS_AT_ONCE);
        // A directory's files are looked at together: one round trip to the disk, not one each.
        const [looked, sidecars] = await Promise.all([
          Promise.all(batch.map((relative) => this.look(folder, relative))),
          Promise.all(batch.map((relative) => this.lookSidecar(folder, dir, listed, relative))),
        ]);
        const toTake: Array<{
          file: string;
          state: LookedState;
          row?: ListedLibraryFile;
          sidecar: SidecarLook | null;
        }> = [];
        /** Unchanged files whose `.lrc` appeared, changed or went. */
        const sidecarChanged: Array<{
          file: string;
          state: LibraryFileState;
          row: LibraryFileRecord;
          sidecar: SidecarLook;
        }> = [];
        for (const [index, relative] of batch.entries()) {
          const found = looked[index] ?? new Error('The file could not be looked at.');
          const sidecar = sidecars[index] ?? null;
          const row = known.get(relative);
          if (found instanceof Error) {
            // A file that could not be looked at keeps its song until it can be.
            if (row) unchanged.push(row.id);
            this.fail(path.join(folder, relative), found);
            seen();
          } else if (
            row &&
            row.bytes === found.state.bytes &&
            row.mtimeMs === found.state.mtimeMs &&
            (row.identity ?? found.state.identity) === found.state.identity &&
            !readByAnEarlierReader(row)
          ) {
            const state = { ...found.state, sha256: row.sha256, lyricsFile: row.lyricsFile };
            if (sidecar !== null && sidecar.signature !== row.lyricsFile) {
              sidecarChanged.push({ file: found.file, state, row, sidecar });
              continue;
            }
            // A row scanned before identities were kept learns its file's now.
            if (row.identity === null) {
              settled.push({ id: row.id, state, songId: row.songId });
            } else {
              unchanged.push(row.id);
            }
            this.count('unchanged');
            seen();
          } else {
            toTake.push({ ...found, sidecar, ...(row ? { row } : {}) });
          }
        }
        // Only their lyrics change: the audio file is not read.
        for (const { file, state, row, sidecar } of sidecarChanged) {
          if (this.stopping) break;
          const followed = await this.followSidecar(file, row.songId, row.lyricsFile, sidecar);
          settled.push({
            id: row.id,
            state: { ...state, lyricsFile: followed.signature },
            songId: row.songId,
          });
          this.count(followed.changed ? 'updated' : 'unchanged');
          seen();
        }
        // New and changed files are taken a few at a time, so that one file's reading and
        // another's database work overlap.
        await eachAtOnce(toTake, TAKES_AT_ONCE, async ({ file, state, row, sidecar }) => {
          if (this.stopping) return;
          try {
            const { sha256, parsed } = await this.readers.read(file, state.bytes);
            await this.oneAtATime(sha256, () =>
              this.take(
                file,
                { ...state, sha256 },
                parsed,
                row,
                sidecar,
                scanId,
                folderCover.get,
                settled,
              ),
            );
          } catch (error) {
            if (row) unchanged.push(row.id);
            this.fail(file, error);
          }
          seen();
          // Requests go first: the scan runs beside the server.
          await nextTurn();
        });
        // What the batch found, written together.
        await this.deps.files.record(settled.splice(0), unchanged.splice(0), scanId);
        await nextTurn();
      }
    } finally {
      await folderCover.release();
    }
  }

  /** Runs `work` after any other work on the same content has finished (copies, moves). */
  private async oneAtATime(sha256: string, work: () => Promise<void>): Promise<void> {
    const before = this.sameContent.get(sha256);
    const done = (before ?? Promise.resolve()).then(work, work);
    const settledDone = done.catch(() => undefined);
    this.sameContent.set(sha256, settledDone);
    try {
      await done;
    } finally {
      if (this.sameContent.get(sha256) === settledDone) this.sameContent.delete(sha256);
    }
  }

  /**
   * A file's place, size, modification time and identity, or why it could not be looked at: a
   * link (the scan never follows one) or a file this process may not read is an error.
   */
  private async look(
    folder: string,
    relative: string,
  ): Promise<{ file: string; state: LookedState } | Error> {
    const file = fileInFolder(folder, relative);
    if (!file) return new Error('The path leaves its folder.');
    try {
      const stats = await fsp.lstat(file, { bigint: true });
      if (!stats.isFile()) return new Error('The file is a link or not a regular file.');
      // A file known and unchanged is never opened: its permissions are asked for instead.
      await fsp.access(file, fs.constants.R_OK);
      const state = {
        folder,
        path: relative,
        bytes: Number(stats.size),
        mtimeMs: Number(stats.mtimeNs / 1_000_000n),
        identity: identityOf(stats),
      };
      return { file, state };
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  /**
   * A new or changed file, hashed: moved, read again or imported. The `.lrc` beside it
   * (`sidecar`) is read with it; a moved or only touched file follows a change of it alone.
   */
  private async take(
    file: string,
    found: Omit<LibraryFileState, 'lyricsFile'>,
    parsed: LibraryFileRead['parsed'],
    row: ListedLibraryFile | undefined,
    sidecar: SidecarLook | null,
    scanId: string,
    folderCover: () => Promise<StoredImage | null>,
    settled: SettledFile[],
  ): Promise<void> {
    const { files, importer } = this.deps;
    const source = (id: string, sidecarLyrics: TagLyrics | null): ImportSource => ({
      key: libraryKeyOf(id),
      bytes: found.bytes,
      name: path.basename(file),
      sha256: found.sha256,
      ...(parsed ? { parsed } : {}),
      sidecarLyrics,
    });

    if (row) {
      // The same content an earlier tag reader read: read again, what was set by hand kept.
      if (row.songId !== null && row.sha256 === found.sha256 && readByAnEarlierReader(row)) {
        const read = await this.readSidecar(sidecar);
        const reread = await importer.reimportFile(row.songId, source(row.id, read.lyrics), {
          fallbackCover: await folderCover(),
          keepEdits: true,
        });
        if (reread !== null) {
          const state = { ...found, lyricsFile: read.signature };
          settled.push({ id: row.id, state, songId: row.songId });
          this.count('updated');
          return;
        }
      }
      // Only touched: the same content (unless an import of it never finished).
      if (row.mtimeMs !== PENDING_MTIME && row.sha256 === found.sha256) {
        const followed = await this.followSidecar(file, row.songId, row.lyricsFile, sidecar);
        await files.save(row.id, { ...found, lyricsFile: followed.signature }, row.songId, scanId);
        this.count(followed.changed ? 'updated' : 'unchanged');
        return;
      }
      if (row.songId !== null) {
        const pending = { ...found, mtimeMs: PENDING_MTIME, lyricsFile: row.lyricsFile };
        await files.save(row.id, pending, row.songId, scanId);
        const read = await this.readSidecar(sidecar);
        const reread = await importer.reimportFile(row.songId, source(row.id, read.lyrics), {
          fallbackCover: await folderCover(),
        });
        if (reread !== null) {
          settled.push({
            id: row.id,
            state: { ...found, lyricsFile: read.signature },
            songId: row.songId,
          });
          this.noteReplacedEdits(file, reread.replacedEdits);
          this.count('updated');
          return;
        }
      }
    }

    if (!row) {
      for (const former of await files.unseenWithContent(found.sha256, scanId)) {
        const formerFile = fileInFolder(former.folder, former.path);
        const stillThere = formerFile !== null && (await isFile(formerFile));
        if (stillThere && this.deps.folders.includes(former.folder)) continue;
        const followed = await this.followSidecar(file, former.songId, former.lyricsFile, sidecar);
        await files.save(
          former.id,
          { ...found, lyricsFile: followed.signature },
          former.songId,
          scanId,
        );
        this.count('moved');
        return;
      }
    }

    // Not known, or known without a song: a new song. The row comes first, pending, so that the
    // importer finds the file through its key; a crash before the end leaves it to try again.
    const id = row?.id ?? newId();
    await files.save(id, { ...found, mtimeMs: PENDING_MTIME, lyricsFile: null }, null, scanId);
    const read = await this.readSidecar(sidecar);
    const state = { ...found, lyricsFile: read.signature };
    let outcome: ImportOutcome;
    try {
      outcome = await importer.importFile(source(id, read.lyrics), {
        fallbackCover: await folderCover(),
      });
    } catch (error) {
      // Taken again by the next scan, and listed again if it fails again.
      await files.delete(id);
      throw error;
    }
    if (outcome.outcome === 'added') {
      settled.push({ id, state, songId: outcome.song.id });
      this.count('added');
      return;
    }
    // The same audio is a song already (an upload, or another copy in the folders).
    settled.push({ id, state, songId: null });
    this.fail(
      file,
      new Error(`The same audio is already in the library as “${outcome.song.title}”.`),
    );
  }

  /**
   * The `.lrc` beside an audio file of a listed directory: looked at (one stat) only when the
   * listing holds one, so that a directory without any costs nothing more. Null when it could
   * not be looked at (listed as an error): the file's row keeps what it recorded.
   */
  private async lookSidecar(
    folder: string,
    dir: string,
    listed: Directory,
    relative: string,
  ): Promise<SidecarLook | null> {
    const name = listed.lyrics.get(baseNameOf(path.posix.basename(relative)));
    if (name === undefined) return NO_SIDECAR;
    const file = fileInFolder(folder, dir === '' ? name : `${dir}/${name}`);
    if (file === null) return NO_SIDECAR;
    try {
      const stats = await fsp.lstat(file, { bigint: true });
      if (!stats.isFile()) return NO_SIDECAR;
      const mtimeMs = Number(stats.mtimeNs / 1_000_000n);
      return { file, signature: sidecarSignature(Number(stats.size), mtimeMs) };
    } catch (error) {
      // Gone since the directory was listed: as good as never there.
      if ((error as { code?: unknown } | null)?.code === 'ENOENT') return NO_SIDECAR;
      this.fail(file, error);
      return null;
    }
  }

  /**
   * The lyrics of a `.lrc` read with its audio file, and the signature its row records; one that
   * could not be read (or is too large to keep) is listed and recorded as none, so that the next
   * scan reads it again.
   */
  private async readSidecar(
    sidecar: SidecarLook | null,
  ): Promise<{ lyrics: TagLyrics | null; signature: string | null }> {
    if (sidecar?.file == null) return { lyrics: null, signature: null };
    try {
      return { lyrics: await readSidecarLyrics(sidecar.file), signature: sidecar.signature };
    } catch (error) {
      this.fail(sidecar.file, error);
      return { lyrics: null, signature: null };
    }
  }

  /**
   * Brings the lyrics of a song whose audio file is as it was up to date with the `.lrc` beside
   * it, when that appeared, changed or went since `recorded`; answers the signature to record and
   * whether the song changed. One that cannot be read is listed and left as it was.
   */
  private async followSidecar(
    audioFile: string,
    songId: string | null,
    recorded: string | null,
    sidecar: SidecarLook | null,
  ): Promise<{ signature: string | null; changed: boolean }> {
    if (sidecar === null || sidecar.signature === recorded) {
      return { signature: recorded, changed: false };
    }
    try {
      const lyrics = sidecar.file === null ? null : await readSidecarLyrics(sidecar.file);
      if (songId !== null && (await this.deps.replaceSidecarLyrics(songId, lyrics))) {
        this.noteReplacedEdits(sidecar.file ?? audioFile, ['lyrics']);
      }
      return { signature: sidecar.signature, changed: songId !== null };
    } catch (error) {
      this.fail(sidecar.file ?? audioFile, error);
      return { signature: recorded, changed: false };
    }
  }

  /**
   * The cover picture beside a directory's files, stored once when the first new or changed file
   * of the directory is imported (an unchanged directory costs nothing), and shared through the
   * images table by every song of it without a picture of its own. `release` removes it again if
   * no song took it.
   */
  private folderCoverOf(file: string | null): {
    get: () => Promise<StoredImage | null>;
    release: () => Promise<void>;
  } {
    let stored: Promise<StoredImage | null> | null = null;
    const { covers } = this.deps;
    return {
      get: () => {
        if (file === null) return Promise.resolve(null);
        stored ??= openNoFollow(file).then((handle) =>
          handle
            ? covers.saveFound(handle.createReadStream()).catch((error: unknown) => {
                if (error instanceof AppError) return null;
                throw error;
              })
            : null,
        );
        return stored;
      },
      release: async () => {
        const image = await stored?.catch(() => null);
        if (image) await covers.discard(image);
      },
    };
  }

  /** Deletes the songs of the files this scan did not find, in the folders it walked whole. */
  private async removeUnseen(scanId: string, walkedWhole: readonly string[]): Promise<void> {
    const { files } = this.deps;
    let afterId = '';
    for (;;) {
      const batch = await files.unseen(
        scanId,
        walkedWhole,
        this.deps.folders,
        afterId,
        REMOVAL_BATCH,
      );
      if (batch.length === 0) return;
      for (const row of batch) {
        afterId = row.id;
        try {
          if (row.songId !== null) await this.deleteSong(row.songId);
          await files.delete(row.id);
          this.count('removed');
        } catch (error) {
          this.fail(path.join(row.folder, row.path), error);
        }
        await nextTurn();
      }
    }
  }

  /** Deletes a song; one deleted meanwhile (by an administrator) is gone already. */
  private async deleteSong(songId: string): Promise<void> {
    try {
      await this.deps.deleteSong(songId);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }

  private count(field: keyof Omit<Counts, 'errorCount'>): void {
    this.state = { ...this.state, [field]: this.state[field] + 1 };
  }

  /** Lists the fields set by hand that a changed file replaced (up to the list's bound). */
  private noteReplacedEdits(file: string, fields: readonly string[]): void {
    const { replacedEdits } = this.state;
    if (fields.length === 0 || replacedEdits.length >= MAX_LISTED_REPLACED_EDITS) return;
    this.state = {
      ...this.state,
      replacedEdits: [...replacedEdits, { path: file, fields: [...fields] }],
    };
  }

  private fail(file: string, error: unknown): void {
    const entry: LibraryScanError = { path: file, message: messageOf(error) };
    const errors =
      this.state.errors.length < MAX_LISTED_SCAN_ERRORS
        ? [...this.state.errors, entry]
        : this.state.errors;
    this.state = { ...this.state, errorCount: this.state.errorCount + 1, errors };
  }
}

/** A file opened for reading unless it is a link now (swapped in since its folder was listed). */
async function openNoFollow(file: string): Promise<fsp.FileHandle | null> {
  const flags = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0);
  return fsp.open(file, flags).catch(() => null);
}

async function isFile(file: string): Promise<boolean> {
  const stats = await fsp.lstat(file).catch(() => null);
  return stats?.isFile() ?? false;
}
