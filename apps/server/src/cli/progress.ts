/** Progress of the command line's long work (`cadenza scan`, `cadenza storage migrate`) on stderr. */

const BAR_WIDTH = 30;
/** The bar is redrawn at most this often (and a plain line written when stderr is no terminal). */
export const REDRAW_MS = 100;
export const LINE_MS = 5000;

/** `m:ss`, or `h:mm:ss` from an hour. */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0
    ? `${hours}:${pad(minutes % 60)}:${pad(seconds % 60)}`
    : `${minutes}:${pad(seconds % 60)}`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `[####------] 12/40 files 30%  4 files/s  ETA 0:07`. */
export function progressLine(done: number, total: number, elapsedMs: number, unit: string): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? duration(((total - done) / rate) * 1000) : '?';
  return (
    `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${unit} ` +
    `${Math.round(share * 100)}%  ${Math.round(rate)} ${unit}/s  ETA ${eta}`
  );
}

/**
 * Draws progress on stderr: one bar redrawn in place on a terminal, else a plain line now and
 * then (a log file or CI gets lines, not carriage returns).
 */
export function progressDrawer(unit: string): {
  draw(done: number, total: number, force?: boolean): void;
  end(): void;
} {
  const terminal = process.stderr.isTTY;
  const startedAt = Date.now();
  let drawnAt = 0;
  return {
    draw(done, total, force = false) {
      const now = Date.now();
      if (!force && now - drawnAt < (terminal ? REDRAW_MS : LINE_MS)) return;
      drawnAt = now;
      const line = progressLine(done, Math.max(total, done), now - startedAt, unit);
      process.stderr.write(terminal ? `\r${line}` : `${line}\n`);
    },
    end() {
      if (terminal) process.stderr.write('\n');
    },
  };
}
