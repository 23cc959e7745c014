import fs from 'node:fs';
import path from 'node:path';
import { ASSETS_DIR } from './test-app';

/** Real audio for upload tests: the generated demo MP3s carry ID3 tags and an embedded cover. */
export const TAGGED_MP3 = {
  file: '01-postcards-from-the-overpass.mp3',
  /** Its album's cover, which the file embeds. */
  cover: 'cover-paper-lanterns.jpg',
  title: 'Postcards from the Overpass',
  artist: 'Marigold Avenue',
  album: 'Paper Lanterns',
  genre: 'pop',
  releaseYear: 2023,
  duration: 36,
  trackNumber: 1,
} as const;

export function taggedMp3(file: string = TAGGED_MP3.file): Buffer {
  return fs.readFileSync(path.join(ASSETS_DIR, 'demo', file));
}

/** The embedded cover of the tagged demo MP3, which the demo folder also has as a file. */
export function taggedMp3Cover(): Buffer {
  return fs.readFileSync(path.join(ASSETS_DIR, 'demo', TAGGED_MP3.cover));
}

/** The same audio without its ID3v2 tag (and ID3v1 trailer): an MPEG stream that says nothing. */
export function untaggedMp3(file: string = TAGGED_MP3.file): Buffer {
  const bytes = taggedMp3(file);
  let start = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') {
    // The tag size is four 7-bit bytes ("syncsafe"), after a 10-byte header; a footer adds 10.
    const size = [6, 7, 8, 9].reduce((total, index) => total * 128 + (bytes[index] ?? 0), 0);
    const hasFooter = ((bytes[5] ?? 0) & 0x10) !== 0;
    start = 10 + size + (hasFooter ? 10 : 0);
  }
  let end = bytes.length;
  if (bytes.subarray(end - 128, end - 125).toString('latin1') === 'TAG') end -= 128;
  return Buffer.from(bytes.subarray(start, end));
}

/** A valid PCM WAV of silence (16-bit mono): tiny, untagged, with a known duration. */
export function wavBytes(seconds = 1, sampleRate = 8000): Buffer {
  const dataBytes = seconds * sampleRate * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

/** A FLAC file that is only its STREAMINFO header (mono, 16-bit): enough to know its duration. */
export function flacHeaderBytes(seconds = 1, sampleRate = 44100): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0); // min block size
  info.writeUInt16BE(4096, 2); // max block size
  const totalSamples = BigInt(seconds * sampleRate);
  // 20 bits sample rate, 3 bits channels - 1, 5 bits bits-per-sample - 1, 36 bits total samples.
  const packed =
    (BigInt(sampleRate) << 44n) | (0n << 41n) | (15n << 36n) | (totalSamples & 0xfffffffffn);
  info.writeBigUInt64BE(packed, 10);
  const blockHeader = Buffer.from([0x80, 0x00, 0x00, 34]);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), blockHeader, info]);
}
