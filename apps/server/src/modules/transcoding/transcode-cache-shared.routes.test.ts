import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodedTone, probeAudio, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createSong, testMediaUrls } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe.skipIf(skipWithoutFfmpeg)('finished transcodes shared by the nodes of one bucket', () => {
  let s3: S3TestServer;
  let bucket: string;
  let first: TestApp;
  let second: TestApp;
  let link: string;
  let audioKey: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    bucket = await s3.createBucket();
    const env = { ...s3.env(bucket, 'proxy'), PATH: process.env.PATH ?? '' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
    const flac = encodedTone(4, { codec: 'flac', format: 'flac', title: 'Shared' });
    const created = await createSong(first, { audio: flac });
    audioKey = created.row.audio_key;
    link = `${testMediaUrls.audio(audioKey)}&format=mp3`;
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await s3.close();
  });

  it('keeps one node’s transcode in the bucket, beside the media, and another node answers from it', async () => {
    const made = await first.app.inject({ url: link });
    expect(made.headers['accept-ranges']).toBe('none');
    expect(probeAudio(made.rawPayload).codec).toBe('mp3');

    // Kept once ffmpeg ended and the bucket took it: then answered from it, with ranges.
    const kept = await vi.waitFor(async () => {
      const again = await first.app.inject({ url: link });
      expect(again.headers['accept-ranges']).toBe('bytes');
      return again;
    });
    expect(kept.rawPayload.equals(made.rawPayload)).toBe(true);

    // A node started before it was made finds it in the bucket all the same.
    const part = await second.app.inject({ url: link, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(made.rawPayload.subarray(100, 200))).toBe(true);
    expect(s3.reads.some((read) => read.path.startsWith(`/${bucket}/transcodes/`))).toBe(true);
  });
});
