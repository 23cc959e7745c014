/**
 * Scanned files found, when served, not to be the file their row was scanned from (replaced,
 * swapped for a link, gone): told to whoever scans the folders, which takes them again.
 */
export class StaleLibraryFiles {
  private listener: ((fileId: string) => void) | null = null;

  /** Hears every stale file from now on (one listener: the library's scans). */
  listen(listener: (fileId: string) => void): void {
    this.listener = listener;
  }

  report(fileId: string): void {
    this.listener?.(fileId);
  }
}
