import type { FastifyBaseLogger } from 'fastify';
import { directoryOf, type LibraryFilesRepository } from './library-files.repository';
import type { LibraryScanService } from './library-scan.service';

/**
 * Scans again, one after another, the directories of scanned files found when served not to be
 * the file their row was scanned from (replaced, swapped for a link, gone): the row is brought up
 * to date, or removed with its song, without waiting for the next full scan. A directory asked for
 * again before its scan started is scanned once.
 */
export class LibraryRescans {
  private queue: Promise<void> = Promise.resolve();
  /** Asks made so far, numbered; and per directory, the number of the last ask its scan covers. */
  private asked = 0;
  private readonly covered = new Map<string, number>();

  constructor(
    private readonly folders: readonly string[],
    private readonly files: LibraryFilesRepository,
    private readonly scans: LibraryScanService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues the scan of the directory of a file, by the file's id. */
  rescanFileOf(fileId: string): void {
    const ask = ++this.asked;
    const facts = this.files.factsOf(fileId).catch(() => null);
    const before = this.queue;
    this.queue = (async () => {
      await before;
      const found = await facts;
      if (!found || !this.folders.includes(found.folder)) return;
      const dir = directoryOf(found.path);
      const key = `${found.folder}\0${dir}`;
      if ((this.covered.get(key) ?? 0) >= ask) return;
      this.covered.set(key, this.asked);
      await this.scans.rescanDirectory(found.folder, dir);
    })().catch((error: unknown) => this.log.warn({ err: error }, 'library rescan failed'));
  }

  /** Settles once every scan asked for so far has run. */
  settled(): Promise<void> {
    return this.queue;
  }
}
