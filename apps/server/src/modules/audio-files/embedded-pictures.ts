import { Readable } from 'node:stream';
import { MAX_COVER_IMAGE_BYTES } from '@cadenza/contract/covers';

/**
 * The largest embedded picture read from an audio file: the same as an uploaded cover, since a
 * larger one could not be stored as a cover anyway.
 */
export const MAX_EMBEDDED_PICTURE_BYTES = MAX_COVER_IMAGE_BYTES;
/**
 * The largest ID3v2 tag handed to the tag parser, which reads a tag whole: room for a picture
 * under the limit and the text around it.
 */
export const MAX_ID3_TAG_BYTES = MAX_EMBEDDED_PICTURE_BYTES + 1024 * 1024;

/** An audio stream with its oversized embedded pictures (and other oversized metadata) left out. */
export interface LimitedAudioStream {
  readonly stream: Readable;
  /** Bytes taken out of the stream, to correct a known file size (FLAC keeps its size). */
  readonly removedBytes: number;
  /**
   * Sizes of the pictures left out for being over `MAX_EMBEDDED_PICTURE_BYTES`. Those found
   * in the leading ID3v2 tag are known at once; the others once the stream has been read past.
   */
  readonly skippedPictures: readonly number[];
}

/** Reads a byte stream in exact amounts, holding no more than asked for (or one chunk). */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(bytes: number): Promise<void> {
    while (this.buffered < bytes && !this.ended) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
      } else {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  /** Takes up to `bytes` of what is buffered. */
  private take(bytes: number): Buffer {
    const pieces: Buffer[] = [];
    let taken = 0;
    while (taken < bytes && this.chunks.length > 0) {
      const chunk = this.chunks[0]!;
      const wanted = bytes - taken;
      if (chunk.length <= wanted) {
        pieces.push(chunk);
        this.chunks.shift();
        taken += chunk.length;
      } else {
        pieces.push(chunk.subarray(0, wanted));
        this.chunks[0] = chunk.subarray(wanted);
        taken += wanted;
      }
    }
    this.buffered -= taken;
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  }

  /** The next `bytes` bytes without consuming them (fewer at the end of the stream). */
  async peek(bytes: number): Promise<Buffer> {
    await this.fill(bytes);
    const head = this.take(bytes);
    this.chunks.unshift(head);
    this.buffered += head.length;
    return head;
  }

  /** Consumes and answers the next `bytes` bytes (fewer at the end of the stream). */
  async read(bytes: number): Promise<Buffer> {
    await this.fill(bytes);
    return this.take(bytes);
  }

  /** Yields the next `bytes` bytes as they arrive (fewer at the end of the stream). */
  async *pass(bytes: number): AsyncGenerator<Buffer> {
    let left = bytes;
    while (left > 0) {
      await this.fill(1);
      if (this.buffered === 0) return;
      const piece = this.take(Math.min(left, this.buffered));
      left -= piece.length;
      yield piece;
    }
  }

  /** Drops the next `bytes` bytes as they arrive; answers how many there were. */
  async skip(bytes: number): Promise<number> {
    let skipped = 0;
    for await (const piece of this.pass(bytes)) skipped += piece.length;
    return skipped;
  }

  /** Yields everything left. */
  async *rest(): AsyncGenerator<Buffer> {
    if (this.buffered > 0) yield this.take(this.buffered);
    for (;;) {
      const next = await this.source.next();
      if (next.done) return;
      yield next.value;
    }
  }
}

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** A 28-bit ID3v2 "syncsafe" number: four bytes of seven bits. */
function syncsafe(bytes: Buffer, offset: number): number {
  let value = 0;
  for (let index = 0; index < 4; index += 1)
    value = value * 128 + ((bytes[offset + index] ?? 0) & 0x7f);
  return value;
}

function syncsafeBytes(value: number): Buffer {
  return Buffer.from([
    (value >> 21) & 0x7f,
    (value >> 14) & 0x7f,
    (value >> 7) & 0x7f,
    value & 0x7f,
  ]);
}

const ID3_HEADER_BYTES = 10;
const ID3_UNSYNCHRONISED = 0x80;
const ID3_EXTENDED_HEADER = 0x40; // compression in ID3v2.2
const ID3_FOOTER = 0x10;
const ID3_PICTURE_FRAMES = new Set(['APIC', 'PIC']);

/**
 * Reads one ID3v2 tag (the reader is at its header) and answers the tag to hand on: the same when
 * it is small; else rebuilt from the frames that fit, leaving out every frame over the picture
 * limit (a picture, mostly) and any extended header, without ever holding a left-out frame.
 */
async function limitId3Tag(
  reader: ByteReader,
  skippedPictures: number[],
): Promise<{ tag: Buffer[]; removedBytes: number }> {
  const header = await reader.read(ID3_HEADER_BYTES);
  const major = header[3] ?? 0;
  const flags = header[5] ?? 0;
  const size = syncsafe(header, 6);
  const footer = major === 4 && (flags & ID3_FOOTER) !== 0 ? ID3_HEADER_BYTES : 0;
  const total = ID3_HEADER_BYTES + size + footer;
  // A tag this small cannot hold a picture over the limit.
  if (size <= MAX_EMBEDDED_PICTURE_BYTES) {
    return { tag: [header, await reader.read(size + footer)], removedBytes: 0 };
  }
  // Frames cannot be walked in a tag unsynchronised as a whole (before ID3v2.4) or compressed
  // (ID3v2.2), nor in a version this reader does not know: such a tag is left out whole.
  const walkable =
    (major === 3 && (flags & ID3_UNSYNCHRONISED) === 0) ||
    (major === 2 && (flags & (ID3_UNSYNCHRONISED | ID3_EXTENDED_HEADER)) === 0) ||
    major === 4;
  if (!walkable) {
    skippedPictures.push(size);
    await reader.skip(size + footer);
    return { tag: [], removedBytes: total };
  }

  let left = size;
  if ((flags & ID3_EXTENDED_HEADER) !== 0 && major >= 3) {
    const sizeBytes = await reader.read(4);
    // ID3v2.3 counts the bytes after the size; ID3v2.4 counts the whole extended header.
    const rest = major === 3 ? sizeBytes.readUInt32BE(0) : syncsafe(sizeBytes, 0) - 4;
    left -= 4 + (await reader.skip(Math.min(Math.max(rest, 0), left - 4)));
  }
  const frameHeaderBytes = major === 2 ? 6 : 10;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  while (left >= frameHeaderBytes) {
    const frameHeader = await reader.read(frameHeaderBytes);
    left -= frameHeader.length;
    if (frameHeader.length < frameHeaderBytes || frameHeader[0] === 0) break; // padding
    const id = ascii(frameHeader, 0, major === 2 ? 3 : 4);
    const frameSize =
      major === 2
        ? frameHeader.readUIntBE(3, 3)
        : major === 3
          ? frameHeader.readUInt32BE(4)
          : syncsafe(frameHeader, 4);
    if (frameSize > left) break; // a broken tag: what is left of it goes
    const fits =
      frameSize <= MAX_EMBEDDED_PICTURE_BYTES &&
      ID3_HEADER_BYTES + keptBytes + frameHeaderBytes + frameSize <= MAX_ID3_TAG_BYTES;
    if (fits) {
      const data = await reader.read(frameSize);
      kept.push(frameHeader, data);
      keptBytes += frameHeader.length + data.length;
    } else {
      if (ID3_PICTURE_FRAMES.has(id)) skippedPictures.push(frameSize);
      await reader.skip(frameSize);
    }
    left -= frameSize;
  }
  await reader.skip(left + footer);
  if (keptBytes === 0) return { tag: [], removedBytes: total };
  const rebuilt = Buffer.from(header.subarray(0, 6));
  rebuilt[5] = flags & ~(ID3_EXTENDED_HEADER | ID3_FOOTER);
  return {
    tag: [rebuilt, syncsafeBytes(keptBytes), ...kept],
    removedBytes: total - ID3_HEADER_BYTES - keptBytes,
  };
}

const FLAC_PICTURE = 6;
const FLAC_PADDING = 1;
const FLAC_LAST_BLOCK = 0x80;

/**
 * Hands a FLAC stream on (the reader is at "fLaC") with each picture block over the limit turned
 * into padding of the same length, which the tag parser steps over without reading it.
 */
async function* limitFlacPictures(
  reader: ByteReader,
  skippedPictures: number[],
): AsyncGenerator<Buffer> {
  yield await reader.read(4);
  for (;;) {
    const blockHeader = Buffer.from(await reader.read(4));
    if (blockHeader.length < 4) {
      yield blockHeader;
      return;
    }
    const type = (blockHeader[0] ?? 0) & ~FLAC_LAST_BLOCK;
    const length = blockHeader.readUIntBE(1, 3);
    if (type === FLAC_PICTURE && length > MAX_EMBEDDED_PICTURE_BYTES) {
      blockHeader[0] = ((blockHeader[0] ?? 0) & FLAC_LAST_BLOCK) | FLAC_PADDING;
      skippedPictures.push(length);
    }
    yield blockHeader;
    yield* reader.pass(length);
    if (((blockHeader[0] ?? 0) & FLAC_LAST_BLOCK) !== 0) break;
  }
  yield* reader.rest();
}

/**
 * Takes the oversized embedded pictures out of an audio stream before its tags are parsed (the
 * parser reads a picture, and a whole ID3v2 tag, into memory): those of the leading ID3v2 tags
 * and FLAC picture blocks, whatever the container. The leading ID3v2 tags are read before this
 * answers (to know the bytes removed); the rest streams on as it is read.
 */
export async function withoutOversizedPictures(source: Readable): Promise<LimitedAudioStream> {
  const reader = new ByteReader(source[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const skippedPictures: number[] = [];
  const head: Buffer[] = [];
  let removedBytes = 0;
  while (ascii(await reader.peek(3), 0, 3) === 'ID3') {
    const limited = await limitId3Tag(reader, skippedPictures);
    head.push(...limited.tag);
    removedBytes += limited.removedBytes;
  }
  const isFlac = ascii(await reader.peek(4), 0, 4) === 'fLaC';
  async function* limitedBytes(): AsyncGenerator<Buffer> {
    yield* head;
    yield* isFlac ? limitFlacPictures(reader, skippedPictures) : reader.rest();
  }
  return {
    stream: Readable.from(limitedBytes(), { objectMode: false }),
    removedBytes,
    skippedPictures,
  };
}
