import { LIBRARY_UPLOAD_CONCURRENCY, type LibraryUploadResult } from '@cadenza/contract/library';
import type { Song } from '@cadenza/contract/songs';
import { ApiError } from '@/lib/api-client';
import type { UploadProgress } from '@/lib/upload-with-progress';
import type { PickedFile } from './audio-files';

export type BulkUploadStatus =
  'queued' | 'uploading' | 'added' | 'duplicate' | 'refused' | 'failed';

/** One file of a bulk upload and how far it got. */
export interface BulkUploadItem {
  id: number;
  /** Where it sat in the dropped or chosen folder, else its name. */
  path: string;
  size: number;
  status: BulkUploadStatus;
  /** 0–100: bytes sent (at most 90 until the answer), 100 once answered. */
  progress: number;
  /** The song it became (`added`) or already is (`duplicate`). */
  song: Song | null;
  /** Why it was refused, or why it failed. */
  message: string | null;
}

export const CONNECTION_LOST = 'The connection was lost before the server answered.';
export const SERVER_FAILED = 'The server could not take the file just now.';

export type SendFile = (
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
) => Promise<LibraryUploadResult>;

export interface UploadQueueEvents {
  /** The list changed (a new array each time). */
  onChange: (items: readonly BulkUploadItem[]) => void;
  /** The last file of a batch was answered, or the batch was stopped; `added` if songs came in. */
  onBatchEnd: (added: boolean) => void;
  /** Turns bytes sent into the percent a row shows (null: the browser cannot tell). */
  percentOf: (progress: UploadProgress) => number | null;
}

/** Refused for good: the server looked at the file and said no. Anything else may pass later. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 400 || error.status === 413 || error.status === 415) &&
    error.serverMessage !== null
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The files of a bulk upload: they wait in line and go out LIBRARY_UPLOAD_CONCURRENCY at a time.
 * Each answer frees a place for the next file. Failed files (network, server trouble) can be sent
 * again; refused ones would only be refused again.
 */
export class UploadQueue {
  private items: BulkUploadItem[] = [];
  private readonly files = new Map<number, File>();
  private waiting: number[] = [];
  private readonly inFlight = new Map<number, AbortController>();
  private nextId = 1;
  private addedInBatch = false;

  constructor(
    private readonly send: SendFile,
    private readonly events: UploadQueueEvents,
  ) {}

  /** Queues files; they start at once while fewer than the limit are on their way. */
  add(picked: readonly PickedFile[]): void {
    if (picked.length === 0) return;
    // In folder order, as a file manager lists them: "2 …" before "10 …".
    const sorted = [...picked].sort((a, b) =>
      a.path.localeCompare(b.path, undefined, { numeric: true, sensitivity: 'base' }),
    );
    const added = sorted.map(({ file, path }): BulkUploadItem => {
      const id = this.nextId++;
      this.files.set(id, file);
      this.waiting.push(id);
      return {
        id,
        path,
        size: file.size,
        status: 'queued',
        progress: 0,
        song: null,
        message: null,
      };
    });
    this.items = [...this.items, ...added];
    this.events.onChange(this.items);
    this.pump();
  }

  /** Sends failed files again. */
  retry(ids: readonly number[]): void {
    for (const id of ids) {
      if (this.items.find((item) => item.id === id)?.status !== 'failed') continue;
      this.waiting.push(id);
      this.update(id, { status: 'queued', progress: 0, message: null });
    }
    this.pump();
  }

  /** Stops everything: running uploads are aborted and waiting ones dropped. */
  abort(): void {
    const busy = this.inFlight.size > 0 || this.waiting.length > 0;
    this.waiting = [];
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    if (busy) this.endBatch();
  }

  private update(id: number, change: Partial<BulkUploadItem>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item));
    this.events.onChange(this.items);
  }

  private endBatch(): void {
    const added = this.addedInBatch;
    this.addedInBatch = false;
    this.events.onBatchEnd(added);
  }

  private pump(): void {
    while (this.inFlight.size < LIBRARY_UPLOAD_CONCURRENCY && this.waiting.length > 0) {
      const id = this.waiting.shift() as number;
      const file = this.files.get(id);
      if (file) this.start(id, file);
    }
  }

  private start(id: number, file: File): void {
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    this.update(id, { status: 'uploading', progress: 0, message: null });

    const settle = (change: Partial<BulkUploadItem>) => {
      if (controller.signal.aborted) return;
      this.inFlight.delete(id);
      this.update(id, { progress: 100, ...change });
      this.pump();
      if (this.inFlight.size === 0 && this.waiting.length === 0) this.endBatch();
    };

    this.send(file, {
      signal: controller.signal,
      onProgress: (sent) => {
        const percent = this.events.percentOf(sent);
        if (percent !== null && !controller.signal.aborted) this.update(id, { progress: percent });
      },
    }).then(
      (result) => {
        if (result.outcome === 'added') this.addedInBatch = true;
        settle({ status: result.outcome, song: result.song });
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        if (isRefusal(error)) {
          settle({ status: 'refused', message: error.serverMessage });
          return;
        }
        const offline = !(error instanceof ApiError) || error.status === 0;
        settle({
          status: 'failed',
          progress: 0,
          message: offline ? CONNECTION_LOST : SERVER_FAILED,
        });
      },
    );
  }
}
