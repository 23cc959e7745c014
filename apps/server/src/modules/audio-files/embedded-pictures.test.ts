import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mp3Bytes } from '../../../test/media-files';
import {
  FLAC_PICTURE,
  FLAC_VORBIS_COMMENT,
  flacPicture,
  flacWithBlocks,
  id3PictureFrame,
  id3Tag,
  id3TextFrame,
  vorbisComment,
} from '../../../test/tag-fixtures';
import { MAX_EMBEDDED_PICTURE_BYTES, withoutOversizedPictures } from './embedded-pictures';

/** The bytes as a stream of small chunks, as an upload arrives. */
function chunked(bytes: Buffer, size = 1000): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    chunks.push(bytes.subarray(offset, offset + size));
  }
  return Readable.from(chunks, { objectMode: false });
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Compares bytes without ever printing megabytes of them. */
function expectSameBytes(actual: Buffer, expected: Buffer): void {
  let firstDifference = -1;
  for (let index = 0; index < Math.max(actual.length, expected.length); index += 1) {
    if (actual[index] !== expected[index]) {
      firstDifference = index;
      break;
    }
  }
  expect({ length: actual.length, firstDifference }).toEqual({
    length: expected.length,
    firstDifference: -1,
  });
}

const overLimit = () => Buffer.alloc(MAX_EMBEDDED_PICTURE_BYTES + 1, 0x5a);
const underLimit = () => Buffer.alloc(200_000, 0x5a);
const audio = mp3Bytes(20);

describe('withoutOversizedPictures', () => {
  it('rebuilds an ID3v2 tag without the picture over the limit, keeping the other frames and the audio', async () => {
    const title = id3TextFrame(3, 'TIT2', 'Title');
    const artist = id3TextFrame(3, 'TPE1', 'Artist');
    const picture = id3PictureFrame(3, overLimit());
    const file = Buffer.concat([id3Tag(3, [title, picture, artist]), audio]);

    const limited = await withoutOversizedPictures(chunked(file));
    const out = await read(limited.stream);
    expectSameBytes(out, Buffer.concat([id3Tag(3, [title, artist]), audio]));
    expect(limited.removedBytes).toBe(file.length - out.length);
    expect(limited.skippedPictures).toEqual([picture.length - 10]);
  });

  it('hands on a tag with a picture under the limit as it is', async () => {
    const file = Buffer.concat([
      id3Tag(4, [id3TextFrame(4, 'TIT2', 'Title'), id3PictureFrame(4, underLimit())], {
        extendedHeader: true,
      }),
      audio,
    ]);
    const limited = await withoutOversizedPictures(chunked(file));
    expectSameBytes(await read(limited.stream), file);
    expect(limited.removedBytes).toBe(0);
    expect(limited.skippedPictures).toEqual([]);
  });

  it('leaves out a whole tag that holds nothing else', async () => {
    const file = Buffer.concat([id3Tag(3, [id3PictureFrame(3, overLimit())]), audio]);
    const limited = await withoutOversizedPictures(chunked(file, 64 * 1024));
    expectSameBytes(await read(limited.stream), audio);
    expect(limited.removedBytes).toBe(file.length - audio.length);
  });

  it('turns a FLAC picture block over the limit into padding of the same length', async () => {
    const comment = vorbisComment({ TITLE: 'Lossless' });
    const file = flacWithBlocks(3, [
      [FLAC_PICTURE, flacPicture(overLimit())],
      [FLAC_VORBIS_COMMENT, comment],
    ]);
    const limited = await withoutOversizedPictures(chunked(file, 4096));
    const out = await read(limited.stream);
    expect(out.length).toBe(file.length);
    expect(limited.removedBytes).toBe(0);
    expect(limited.skippedPictures).toHaveLength(1);
    // STREAMINFO (4 + 4 + 34 bytes), then the former picture block, now padding (type 1).
    expect(out[42]).toBe(1);
    expectSameBytes(out.subarray(43), file.subarray(43));
  });

  it('passes any other stream through untouched, short ones included', async () => {
    for (const bytes of [audio, Buffer.from('ID'), Buffer.alloc(0)]) {
      const limited = await withoutOversizedPictures(chunked(bytes, 7));
      expectSameBytes(await read(limited.stream), bytes);
    }
  });
});
