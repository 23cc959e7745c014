import { describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { flacHeaderBytes } from '../../../test/audio-fixtures';
import { FlacFrameCounter, flacFrameHeaderAt } from './flac-frames';

function count(bytes: Buffer, chunkBytes: number): FlacFrameCounter {
  const counter = new FlacFrameCounter();
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    counter.push(bytes.subarray(at, at + chunkBytes));
  }
  counter.end();
  return counter;
}

/** Where the first frame of a FLAC file starts: after "fLaC" and its metadata blocks. */
function firstFrameAt(bytes: Buffer): number {
  let at = 4;
  for (;;) {
    const last = ((bytes[at] ?? 0) & 0x80) !== 0;
    at += 4 + bytes.readUIntBE(at + 1, 3);
    if (last) return at;
  }
}

describe('counting FLAC frames', () => {
  // Two seconds at 8 kHz, written to a pipe: its STREAMINFO counts no samples.
  it('measures a FLAC stream whose header states no length, exactly', () => {
    const counter = count(audioFixture('streamed.flac'), 64 * 1024);
    expect(counter.lengthInHeader).toBe(false);
    expect(counter.seconds).toBe(2);
  });

  it('gives the same count however the stream is cut into chunks', () => {
    for (const size of [1, 5, 15, 16, 17, 1000]) {
      expect(count(audioFixture('streamed.flac'), size).seconds).toBe(2);
    }
  });

  it('counts nothing when STREAMINFO states the length', () => {
    const counter = count(flacHeaderBytes(3600), 1024);
    expect(counter.lengthInHeader).toBe(true);
    expect(counter.seconds).toBeNull();
  });

  it('reads a frame header only when its CRC-8 holds', () => {
    const bytes = audioFixture('streamed.flac');
    const at = firstFrameAt(bytes);
    expect(flacFrameHeaderAt(bytes, at)).toEqual({ number: 0, variable: false, blockSize: 576 });
    const damaged = Buffer.from(bytes);
    damaged[at + 4] = (damaged[at + 4] ?? 0) ^ 0x01;
    expect(flacFrameHeaderAt(damaged, at)).toBeNull();
  });

  it('knows no length of bytes that are not FLAC', () => {
    expect(count(Buffer.from('not a FLAC file, only text'), 8).seconds).toBeNull();
  });
});
