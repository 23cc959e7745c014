import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { asciiBytes, jpegBytes, mp3Bytes, mpegFrameBytes, pngBytes } from '../../test/media-bytes';
import { peek, sniffAudio, sniffImage } from './sniff';

describe('sniffImage', () => {
  it.each([
    ['JPEG', jpegBytes(), 'image/jpeg', 'jpg'],
    ['PNG', pngBytes(), 'image/png', 'png'],
    ['GIF87a', asciiBytes([[0, 'GIF87a']]), 'image/gif', 'gif'],
    ['GIF89a', asciiBytes([[0, 'GIF89a']]), 'image/gif', 'gif'],
    [
      'WebP',
      asciiBytes([
        [0, 'RIFF'],
        [8, 'WEBP'],
      ]),
      'image/webp',
      'webp',
    ],
  ])('recognises %s by its bytes', (_name, bytes, mime, extension) => {
    expect(sniffImage(bytes)).toEqual({ mime, extension });
  });

  it.each([
    ['an MP3', mp3Bytes()],
    [
      'a WAV file (RIFF but not WEBP)',
      asciiBytes([
        [0, 'RIFF'],
        [8, 'WAVE'],
      ]),
    ],
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['nothing', Buffer.alloc(0)],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
  ])('rejects %s', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });
});

describe('sniffAudio', () => {
  it.each([
    ['MP3 with an ID3 tag', mp3Bytes(), 'audio/mpeg', 'mp3'],
    ['MP3 without a tag', mpegFrameBytes(), 'audio/mpeg', 'mp3'],
    ['ADTS AAC', Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0]), 'audio/aac', 'aac'],
    ['M4A', asciiBytes([[4, 'ftypM4A ']]), 'audio/mp4', 'm4a'],
    ['FLAC', asciiBytes([[0, 'fLaC']]), 'audio/flac', 'flac'],
    [
      'Ogg Vorbis',
      asciiBytes([
        [0, 'OggS'],
        [28, '\u0001vorbis'],
      ]),
      'audio/ogg',
      'ogg',
    ],
    [
      'Ogg Opus',
      asciiBytes([
        [0, 'OggS'],
        [28, 'OpusHead'],
      ]),
      'audio/ogg',
      'opus',
    ],
    [
      'WAV',
      asciiBytes([
        [0, 'RIFF'],
        [8, 'WAVE'],
      ]),
      'audio/wav',
      'wav',
    ],
  ])('recognises %s by its bytes', (_name, bytes, mime, extension) => {
    expect(sniffAudio(bytes)).toEqual({ mime, extension });
  });

  it.each([
    ['a JPEG', jpegBytes()],
    ['text that claims to be audio', Buffer.from('audio/mpeg: trust me')],
    ['a sync word with a reserved MPEG version', Buffer.from([0xff, 0xeb, 0x90, 0x64])],
    ['a sync word with a free-format bitrate', Buffer.from([0xff, 0xfb, 0x00, 0x64])],
    ['a sync word with a reserved sample rate', Buffer.from([0xff, 0xfb, 0x9c, 0x64])],
    ['ADTS with a reserved sample rate', Buffer.from([0xff, 0xf1, 0x3c, 0x80])],
    [
      'a WebP image',
      asciiBytes([
        [0, 'RIFF'],
        [8, 'WEBP'],
      ]),
    ],
    ['nothing', Buffer.alloc(0)],
  ])('rejects %s', (_name, bytes) => {
    expect(sniffAudio(bytes)).toBeNull();
  });
});

describe('peek', () => {
  it('answers the first bytes and a stream that still yields every byte', async () => {
    const chunks = Array.from({ length: 10 }, (_, index) => Buffer.alloc(1000, index));
    const { head, stream } = await peek(Readable.from(chunks), 2500);
    expect(head.length).toBeGreaterThanOrEqual(2500);
    expect(head.subarray(0, 1000).equals(chunks[0]!)).toBe(true);
    expect((await buffer(stream)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('copes with a stream shorter than the bytes asked for', async () => {
    const { head, stream } = await peek(Readable.from([Buffer.from('short')]), 4100);
    expect(head.toString()).toBe('short');
    expect((await buffer(stream)).toString()).toBe('short');
  });
});
