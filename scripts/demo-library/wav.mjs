import { writeFileSync } from 'node:fs';
import { SAMPLE_RATE } from './dsp.mjs';

/** Writes 16-bit stereo PCM; triangular dither from a seeded source keeps the output reproducible. */
export function writeWav(path, left, right, random) {
  const frames = left.length;
  const dataBytes = frames * 4;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(2, 22);
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * 4, 28);
  buffer.writeUInt16LE(4, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  const toInt16 = (value) => {
    const dither = (random.next() - random.next()) / 32768;
    return Math.max(-32768, Math.min(32767, Math.round((value + dither) * 32767)));
  };
  for (let frame = 0; frame < frames; frame += 1) {
    buffer.writeInt16LE(toInt16(left[frame]), 44 + frame * 4);
    buffer.writeInt16LE(toInt16(right[frame]), 46 + frame * 4);
  }
  writeFileSync(path, buffer);
}
