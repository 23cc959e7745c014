import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
import { encodedTone, ffmpegBinary, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { injectForm } from '../../../test/multipart';
import { createApiKey, rest, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Stereo samples a decoder gives of some audio, at 48 kHz (Opus's own rate). */
function decodedSamples(bytes: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-gapless-'));
  const file = path.join(dir, 'audio');
  try {
    fs.writeFileSync(file, bytes);
    const pcm = execFileSync(
      ffmpegBinary ?? 'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-i', file, '-ar', '48000', '-f', 's16le', '-'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return pcm.length / 4;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(skipWithoutFfmpeg)('gapless through a transcode', () => {
  let t: TestApp;
  let auth: RestParams;
  let songId: string;
  let original: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: { PATH: process.env.PATH ?? '' } });
    const admin = await createAdmin(t);
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'gapless-test' };
    // 2.01 s at 48 kHz: a length no Opus frame (20 ms) divides, so the last one is trimmed.
    original = encodedTone(2.01, {
      codec: 'flac',
      format: 'flac',
      title: 'Exact Length',
      extra: ['-ar', '48000'],
    });
    const res = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
      { audioFile: { filename: 'exact.flac', contentType: 'audio/flac', content: original } },
    );
    expect(res.statusCode, res.body).toBe(201);
    songId = `tr-${res.json<{ data: { _id: string } }>().data._id}`;
  });
  afterAll(() => t.close());

  it('keeps every sample and no more in Opus: its pre-skip and end trimming are set', async () => {
    expect(decodedSamples(original)).toBe(96_480);
    const opus = await rest(t, 'stream', { ...auth, id: songId, format: 'opus' });
    expect(opus.headers['content-type']).toBe('audio/ogg');
    // OpusHead's pre-skip (bytes 10–11, little-endian): the encoder's look-ahead to drop.
    const head = opus.rawPayload.indexOf('OpusHead');
    expect(opus.rawPayload.readUInt16LE(head + 10)).toBeGreaterThan(0);
    expect(decodedSamples(opus.rawPayload)).toBe(96_480);
  });
});
