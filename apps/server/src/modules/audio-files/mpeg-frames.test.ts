import { describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { MpegFrameCounter } from './mpeg-frames';

function count(file: string, chunkBytes: number): MpegFrameCounter {
  const bytes = audioFixture(file);
  const counter = new MpegFrameCounter();
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    counter.push(bytes.subarray(at, at + chunkBytes));
  }
  return counter;
}

describe('counting MPEG frames', () => {
  // Two seconds of silence, then two of noise, variable bit rate and no Xing header: the first
  // frames' bit rate would put it at 8 seconds.
  it('measures a variable bit rate file without a length header exactly', () => {
    const counter = count('no-xing-header.mp3', 64 * 1024);
    expect(counter.lengthInHeader).toBe(false);
    expect(counter.seconds).toBeGreaterThan(3.9);
    expect(counter.seconds).toBeLessThan(4.2);
  });

  it('gives the same count however the stream is cut into chunks', () => {
    const whole = count('no-xing-header.mp3', 1 << 20).seconds;
    for (const size of [1, 7, 100, 417]) {
      expect(count('no-xing-header.mp3', size).seconds).toBe(whole);
    }
  });

  it('stops at the tags after the audio and skips the tag before it', () => {
    const tagged = count('apev2-tags.mp3', 512);
    expect(tagged.seconds).toBeGreaterThan(0);
    expect(count('apev2-tags.mp3', 3).seconds).toBe(tagged.seconds);
  });

  it('knows no length before the first frame', () => {
    const counter = new MpegFrameCounter();
    counter.push(Buffer.from('not audio at all, just text'));
    expect(counter.seconds).toBeNull();
  });

  it('finds a whole frame of audio followed by another in a file a browser plays', () => {
    expect(count('Night Swim.mp3', 64 * 1024).framesInARow).toBe(true);
    expect(count('no-xing-header.mp3', 100).framesInARow).toBe(true);
  });

  it('finds none in a frame cut short, nor after the Info frame and a single frame', () => {
    for (const size of [1, 64 * 1024]) {
      expect(count('truncated-frame.mp3', size).framesInARow).toBe(false);
      expect(count('one-audio-frame.mp3', size).framesInARow).toBe(false);
    }
  });

  it('takes the four bytes of the next header as enough, as a browser does', () => {
    const bytes = audioFixture('Night Swim.mp3');
    // Its Info frame (417 bytes), one frame of audio (417), then the next frame's header.
    for (const [end, expected] of [
      [834 + 4, true],
      [834 + 3, false],
    ] as const) {
      const counter = new MpegFrameCounter();
      counter.push(bytes.subarray(0, end));
      counter.end();
      expect(counter.framesInARow).toBe(expected);
    }
  });
});
