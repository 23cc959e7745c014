import { describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { oggPageCrc, OggPageWalker } from './ogg-pages';

function walk(bytes: Buffer, chunkBytes = 64 * 1024): OggPageWalker {
  const walker = new OggPageWalker();
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    walker.push(bytes.subarray(at, at + chunkBytes));
  }
  return walker;
}

/** The offset of each page of an Ogg file. */
function pageOffsets(bytes: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf('OggS'); at >= 0; at = bytes.indexOf('OggS', at + 1)) {
    offsets.push(at);
  }
  return offsets;
}

function withCrcByteFlipped(bytes: Buffer, pageAt: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[pageAt + 22] = (copy[pageAt + 22] ?? 0) ^ 0xff;
  return copy;
}

describe('Ogg pages', () => {
  it("computes a page's CRC as the file states it", () => {
    const bytes = audioFixture('tagged.opus');
    const [first = 0, second = 0] = pageOffsets(bytes);
    expect(oggPageCrc(bytes.subarray(first, second))).toBe(bytes.readUInt32LE(first + 22));
  });

  it('finds the headers intact in a whole file, however it is cut into chunks', () => {
    for (const size of [1, 13, 4096, 1 << 20]) {
      expect(walk(audioFixture('tagged.opus'), size).headersIntact).toBe(true);
    }
  });

  it('finds a first page that fails its checksum', () => {
    expect(walk(audioFixture('bad-checksum.opus')).headersIntact).toBe(false);
    expect(walk(audioFixture('bad-checksum.opus'), 7).headersIntact).toBe(false);
  });

  it('checks the pages of the headers only: a browser skips a damaged page of audio', () => {
    const bytes = audioFixture('tagged.opus');
    const [, comments = 0, audio = 0] = pageOffsets(bytes);
    expect(walk(withCrcByteFlipped(bytes, comments)).headersIntact).toBe(false);
    expect(walk(withCrcByteFlipped(bytes, audio)).headersIntact).toBe(true);
  });

  it("reads the last page's granule position: FLAC in Ogg's length in samples", () => {
    expect(walk(audioFixture('flac.oga')).lastGranule).toBe(16000);
    expect(walk(audioFixture('flac.oga'), 100).lastGranule).toBe(16000);
  });

  it('knows no granule position before a page of audio', () => {
    const walker = new OggPageWalker();
    walker.push(Buffer.from('not an Ogg file at all'));
    expect(walker.lastGranule).toBeNull();
    expect(walker.headersIntact).toBe(true);
  });
});
