import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { ObjectTooLargeError } from './object-store';

/** Counts and hashes bytes as they pass, failing once more than `maxBytes` went through. */
export class ByteMeter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** The hex SHA-256 of what went through; once, after the last byte. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
