import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pack } from 'tar-stream';
import type { ArchivedFile } from './backup-manifest';

/** Counts and hashes the bytes that pass through it, unchanged. */
export class Fingerprint extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.push(chunk);
    done();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}

/** The size and SHA-256 of what `source` holds, read to its end. */
export async function fingerprintOf(
  source: Readable,
): Promise<{ readonly bytes: number; readonly sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Streams `source`, which holds `bytes`, into the archive as `name`, and answers its fingerprint.
 * A source that turns out longer or shorter (a file changed while it was read) fails the entry.
 */
export async function addEntry(
  pack: Pack,
  name: string,
  bytes: number,
  source: Readable,
): Promise<ArchivedFile> {
  const fingerprint = new Fingerprint();
  const written = new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size: bytes, mode: 0o600 }, (error) =>
      error ? reject(error) : resolve(),
    );
    pipeline(source, fingerprint, entry).catch(reject);
  });
  await written.catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${name} could not be archived (${bytes} bytes expected): ${reason}`, {
      cause: error,
    });
  });
  return { path: name, bytes: fingerprint.bytes, sha256: fingerprint.sha256() };
}

/** A small entry held in memory. */
export function addText(pack: Pack, name: string, text: string): Promise<ArchivedFile> {
  const bytes = Buffer.from(text);
  const fingerprint = createHash('sha256').update(bytes).digest('hex');
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (error) =>
      error ? reject(error) : resolve({ path: name, bytes: bytes.length, sha256: fingerprint }),
    );
  });
}
