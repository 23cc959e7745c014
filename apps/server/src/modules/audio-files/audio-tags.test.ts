import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { flacHeaderBytes } from '../../../test/audio-fixtures';
import { mp3Bytes } from '../../../test/media-files';
import { readAudioTags } from './audio-tags';

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
