import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes exactly `bytes` bytes: what comes beyond is dropped, and what falls short is filled
 * with zeros at the end. For a transcode answered with an estimated Content-Length (Subsonic's
 * `estimateContentLength`), whose real size is only known once it is made: decoders skip the
 * zeros after the last frame, and a length that lies would break the connection instead.
 */
export function exactLength(bytes: number): Transform {
  let left = bytes;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (left <= 0) return done();
      const part = chunk.length <= left ? chunk : chunk.subarray(0, left);
      left -= part.length;
      done(null, part);
    },
    flush(done: TransformCallback) {
      const zeros = 64 * 1024;
      while (left > 0) {
        const size = Math.min(left, zeros);
        this.push(Buffer.alloc(size));
        left -= size;
      }
      done();
    },
  });
}

/** The size a transcode of `seconds` at `kbps` is estimated at: its rate times its length. */
export function estimatedBytes(seconds: number, kbps: number): number {
  return Math.ceil((Math.max(0, seconds) * kbps * 1000) / 8);
}
