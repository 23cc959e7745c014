import { parentPort } from 'node:worker_threads';
import { readLibraryFile } from './library-file-read';

/** A scan's reader thread: reads, hashes and parses the files it is sent (library-file-readers.ts). */
export interface ReadRequest {
  readonly id: number;
  readonly file: string;
  readonly bytes: number;
}

parentPort?.on('message', (request: ReadRequest) => {
  readLibraryFile(request.file, request.bytes).then(
    (read) => parentPort?.postMessage({ id: request.id, read }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: {
          message: error instanceof Error ? error.message : String(error),
          code: (error as { code?: unknown } | null)?.code,
        },
      }),
  );
});
