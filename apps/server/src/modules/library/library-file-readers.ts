import { Worker } from 'node:worker_threads';
import { readLibraryFile, type LibraryFileRead } from './library-file-read';
import type { ReadRequest } from './library-file.worker';

interface Pending {
  readonly worker: Worker;
  resolve(read: LibraryFileRead): void;
  reject(error: Error): void;
}

type ReadAnswer =
  | { readonly id: number; readonly read: LibraryFileRead }
  | { readonly id: number; readonly error: { message: string; code?: unknown } };

/**
 * The reader thread's script beside this module: the bundle's, or the sources' through a starter
 * that gives the thread tsx's loader.
 */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts')
    ? './library-file-worker-from-sources.mjs'
    : './library-file.worker.js',
  import.meta.url,
);

/** A picture comes across threads as a plain byte array: a Buffer again, as readers expect. */
function withBufferPicture(read: LibraryFileRead): LibraryFileRead {
  const picture = read.parsed?.tags.picture;
  // Typed as a Buffer, which it was in the thread that read it.
  const bytes: Uint8Array | undefined = picture?.data;
  if (!read.parsed || !picture || !bytes || Buffer.isBuffer(bytes)) return read;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...read,
    parsed: { ...read.parsed, tags: { ...read.parsed.tags, picture: { ...picture, data } } },
  };
}

/**
 * Reads the files of a scan on reader threads, so that parsing (CPU work) runs beside the
 * scan's database work instead of taking turns with it. With no threads, or once a thread has
 * failed, files are read in the calling thread: slower, never wrong.
 */
export class LibraryFileReaders {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private turn = 0;

  constructor({ threads }: { readonly threads: number }) {
    for (let index = 0; index < threads; index += 1) {
      const worker = new Worker(WORKER_URL);
      worker.on('message', (answer: ReadAnswer) => this.settle(answer));
      worker.on('error', (error) => this.retire(worker, error));
      worker.on('exit', () => this.retire(worker, new Error('The file reader thread stopped.')));
      this.workers.push(worker);
    }
  }

  read(file: string, bytes: number): Promise<LibraryFileRead> {
    const worker = this.workers[this.turn++ % Math.max(1, this.workers.length)];
    if (!worker) return readLibraryFile(file, bytes);
    const id = this.nextId++;
    const request: ReadRequest = { id, file, bytes };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.postMessage(request);
    });
  }

  /** Stops the threads; call it when the scan ends, or they keep the process alive. */
  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private settle(answer: ReadAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('read' in answer) waiting.resolve(withBufferPicture(answer.read));
    else
      waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
  }

  /** A thread that failed takes no more files; what it had is failed, to be read again next scan. */
  private retire(worker: Worker, error: Error): void {
    const index = this.workers.indexOf(worker);
    if (index === -1) return;
    this.workers.splice(index, 1);
    for (const [id, waiting] of this.pending) {
      if (waiting.worker !== worker) continue;
      this.pending.delete(id);
      waiting.reject(error);
    }
  }
}
