import { Readable } from 'node:stream';
import type { AudioTags } from '../../domain/audio-tags';
import { describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { flacHeaderBytes } from '../../../test/audio-fixtures';
import { mp3Bytes } from '../../../test/media-files';
import { readAudioTags, readAudioTagsOfContent } from './audio-tags';

/** The bytes as a stream of 64 KiB chunks, as a file or an object is read. */
function streamOf(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64 * 1024)
    chunks.push(bytes.subarray(at, at + 64 * 1024));
  return Readable.from(chunks);
}

describe('the tags of a file read as a stream', () => {
  // Variable bit rate and no Xing header: the first frames' bit rate would put it at 8 seconds.
  it('measures MPEG audio without a length header by counting its frames', async () => {
    const bytes = audioFixture('no-xing-header.mp3');
    const tags = await readAudioTags(streamOf(bytes), { mime: 'audio/mpeg', bytes: bytes.length });
    expect(tags.duration).toBe(4);
  });

  it("takes a FLAC's length from its header, whatever its audio bytes look like", async () => {
    const bytes = Buffer.concat([flacHeaderBytes(3600), mp3Bytes(1000)]);
    const tags = await readAudioTags(streamOf(bytes), { mime: 'audio/flac', bytes: bytes.length });
    expect(tags.duration).toBe(3600);
  });
});

/** A corpus file's tags read both ways: as a stream of small chunks (upload) and whole (scan). */
async function bothWays(file: string, mime: string): Promise<[AudioTags, AudioTags]> {
  const bytes = audioFixture(file);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 1000) chunks.push(bytes.subarray(at, at + 1000));
  const streamed = await readAudioTags(Readable.from(chunks), { mime, bytes: bytes.length });
  return [streamed, await readAudioTagsOfContent(bytes, mime)];
}

describe('what the bytes tell beyond the headers', () => {
  it.each([
    ['streamed.flac', 'audio/flac', 2000],
    ['flac.oga', 'audio/ogg', 2000],
  ])('measures %s, whose header states no length', async (file, mime, durationMs) => {
    for (const tags of await bothWays(file, mime)) {
      expect(tags.catalogue?.durationMs).toBe(durationMs);
      expect(tags.duration).toBe(durationMs / 1000);
      expect(tags.unplayableEncoding).toBeUndefined();
    }
  });

  it.each([
    ['pcm24-extensible.wav', 'audio/wav', 'PCM'],
    ['float32-extensible.wav', 'audio/wav', 'IEEE_FLOAT'],
    ['flac.mp4', 'audio/mp4', 'FLAC'],
    ['opus.mp4', 'audio/mp4', 'Opus'],
  ])('names the codec of %s the parser leaves unnamed', async (file, mime, codec) => {
    for (const tags of await bothWays(file, mime)) {
      expect(tags.catalogue?.codec).toBe(codec);
      expect(tags.unplayableEncoding).toBeUndefined();
    }
  });

  it.each([
    ['truncated-frame.mp3', 'audio/mpeg', 'cut-short'],
    ['one-audio-frame.mp3', 'audio/mpeg', 'cut-short'],
    ['bad-checksum.opus', 'audio/ogg', 'failed-checksum'],
  ])('finds %s damaged where a browser cannot get past it', async (file, mime, damage) => {
    for (const tags of await bothWays(file, mime)) expect(tags.damage).toBe(damage);
  });

  it('finds nothing wrong with whole files', async () => {
    for (const [file, mime] of [
      ['Night Swim.mp3', 'audio/mpeg'],
      ['tagged.opus', 'audio/ogg'],
      ['streamed.flac', 'audio/flac'],
    ] as const) {
      for (const tags of await bothWays(file, mime)) expect(tags.damage).toBeUndefined();
    }
  });
});
