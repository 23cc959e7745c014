/**
 * The length of a FLAC stream whose STREAMINFO does not state it: a stream written where its
 * writer could not seek back to the header (`ffmpeg … -f flac pipe:1`) leaves the total sample
 * count at 0. Its frames are then counted as the chunks go past: each frame header names its
 * frame (or first sample) number, so a run of numbered frames is told from bytes in the audio
 * that only look like a header.
 */

/** "fLaC", then metadata blocks, each a 4-byte header and its body. */
const MARKER = 'fLaC';
const BLOCK_HEADER_BYTES = 4;
const STREAMINFO_BYTES = 34;
/** Sync (2), block size and rate (1), channels and depth (1), number (≤7), sizes (≤4), CRC (1). */
const MAX_FRAME_HEADER_BYTES = 16;

/** Block sizes by their 4-bit code; 6 and 7 read the size at the end of the header, 0 is reserved. */
function blockSizeOf(code: number): number | 'byte' | 'word' | null {
  if (code === 1) return 192;
  if (code >= 2 && code <= 5) return 576 << (code - 2);
  if (code === 6) return 'byte';
  if (code === 7) return 'word';
  if (code >= 8) return 256 << (code - 8);
  return null;
}

/** CRC-8 of a frame header (polynomial x^8 + x^2 + x + 1). */
function crc8(bytes: Buffer, start: number, end: number): number {
  let crc = 0;
  for (let at = start; at < end; at++) {
    crc ^= bytes[at] ?? 0;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

interface FrameHeader {
  /** Frame number (fixed block size) or number of its first sample (variable block size). */
  readonly number: number;
  readonly variable: boolean;
  readonly blockSize: number;
}

/** The frame header at `at`, checked against its CRC-8; null where there is none (or not all). */
export function flacFrameHeaderAt(buffer: Buffer, at: number): FrameHeader | null {
  if (buffer[at] !== 0xff || ((buffer[at + 1] ?? 0) & 0xfe) !== 0xf8) return null;
  const sizes = buffer[at + 2] ?? 0;
  const layout = buffer[at + 3] ?? 0;
  const size = blockSizeOf(sizes >> 4);
  const rateCode = sizes & 0x0f;
  if (size === null || rateCode === 15 || layout >> 4 > 10 || (layout & 0x01) !== 0) return null;
  // The number, UTF-8 coded: the first byte's leading ones say how many bytes follow it.
  const first = buffer[at + 4] ?? 0xff;
  const extra = first < 0x80 ? 0 : first >= 0xfe ? 6 : Math.clz32(~(first << 24)) - 1;
  if (extra === 0 && first >= 0x80) return null;
  let number = extra === 0 ? first : first & (0x3f >> extra);
  let cursor = at + 5;
  for (let index = 0; index < extra; index++, cursor++) {
    const byte = buffer[cursor];
    if (byte === undefined || (byte & 0xc0) !== 0x80) return null;
    number = number * 64 + (byte & 0x3f);
  }
  let blockSize: number;
  if (size === 'byte') blockSize = (buffer[cursor++] ?? 0) + 1;
  else if (size === 'word') blockSize = (buffer[cursor++] ?? 0) * 256 + (buffer[cursor++] ?? 0) + 1;
  else blockSize = size;
  cursor += rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0;
  if (cursor >= buffer.length || crc8(buffer, at, cursor) !== buffer[cursor]) return null;
  return { number, variable: ((buffer[at + 1] ?? 0) & 0x01) === 1, blockSize };
}

export class FlacFrameCounter {
  /** Bytes before the next thing to read (the rest of a metadata block). */
  private skip = 0;
  private carry: Buffer = Buffer.alloc(0);
  private stage: 'marker' | 'blocks' | 'frames' | 'done' = 'marker';
  private sampleRate = 0;
  private samples = 0;
  /** The number the next frame must carry, once the first frame has been found. */
  private expected: { number: number; variable: boolean } | null = null;
  /** Whether STREAMINFO states the total number of samples (then nothing is counted). */
  lengthInHeader = false;

  /** The counted length in seconds; null when the header states it or no frame was found. */
  get seconds(): number | null {
    if (this.lengthInHeader || this.expected === null || this.sampleRate === 0) return null;
    return this.samples / this.sampleRate;
  }

  private get done(): boolean {
    return this.stage === 'done';
  }

  push(chunk: Buffer): void {
    if (this.done) return;
    if (this.skip >= chunk.length) {
      this.skip -= chunk.length;
      return;
    }
    const rest = chunk.subarray(this.skip);
    this.skip = 0;
    const buffer = this.carry.length > 0 ? Buffer.concat([this.carry, rest]) : rest;
    this.carry = Buffer.alloc(0);
    const at = this.stage === 'frames' ? this.readFrames(buffer) : this.readHeaders(buffer);
    if (this.done) return;
    if (at > buffer.length) this.skip = at - buffer.length;
    else this.carry = Buffer.from(buffer.subarray(at));
  }

  /** Reads the marker and metadata blocks; answers where it stopped. */
  private readHeaders(buffer: Buffer): number {
    let at = 0;
    if (this.stage === 'marker') {
      if (buffer.length < MARKER.length) return 0;
      if (buffer.toString('latin1', 0, MARKER.length) !== MARKER) {
        this.stage = 'done';
        return buffer.length;
      }
      at = MARKER.length;
      this.stage = 'blocks';
    }
    while (this.stage === 'blocks') {
      if (buffer.length - at < BLOCK_HEADER_BYTES) return at;
      const flags = buffer[at] ?? 0;
      const bodyBytes = buffer.readUIntBE(at + 1, 3);
      if ((flags & 0x7f) === 0) {
        if (buffer.length - at < BLOCK_HEADER_BYTES + STREAMINFO_BYTES) return at;
        this.readStreamInfo(buffer.subarray(at + BLOCK_HEADER_BYTES));
      }
      at += BLOCK_HEADER_BYTES + bodyBytes;
      if (flags & 0x80) this.stage = this.lengthInHeader ? 'done' : 'frames';
    }
    if (this.stage !== 'frames' || at > buffer.length) return at;
    return this.readFrames(buffer, at);
  }

  private readStreamInfo(info: Buffer): void {
    // Bytes 10–17: 20 bits sample rate, 3 channels, 5 bits per sample, 36 total samples.
    const packed = info.readBigUInt64BE(10);
    this.sampleRate = Number(packed >> 44n);
    this.lengthInHeader = (packed & 0xfffffffffn) > 0n;
  }

  /** Counts the frames in `buffer` from `from`; answers where the next search starts. */
  private readFrames(buffer: Buffer, from = 0): number {
    let at = from;
    for (;;) {
      at = buffer.indexOf(0xff, at);
      if (at < 0 || buffer.length - at < MAX_FRAME_HEADER_BYTES) {
        return at < 0 ? buffer.length : at;
      }
      const header = flacFrameHeaderAt(buffer, at);
      const expected = this.expected;
      if (
        header &&
        (expected === null ||
          (header.variable === expected.variable && header.number === expected.number))
      ) {
        this.samples += header.blockSize;
        this.expected = {
          variable: header.variable,
          number: header.variable ? header.number + header.blockSize : header.number + 1,
        };
        at += 2;
      } else {
        at += 1;
      }
    }
  }

  /** The stream has ended: a frame header in its last bytes is counted too. */
  end(): void {
    if (this.stage !== 'frames' || this.carry.length === 0) return;
    // Zeros after the last bytes let a header there be read; one running into them fails its CRC.
    const padded = Buffer.concat([this.carry, Buffer.alloc(MAX_FRAME_HEADER_BYTES)]);
    this.carry = Buffer.alloc(0);
    this.readFrames(padded);
  }
}
