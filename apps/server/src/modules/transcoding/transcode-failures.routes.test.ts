import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
import { encodedTone, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { injectForm } from '../../../test/multipart';
import { createApiKey, rest, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe.skipIf(skipWithoutFfmpeg)('a file ffmpeg cannot decode', () => {
  let t: TestApp;
  let auth: RestParams;
  let songId: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { PATH: process.env.PATH ?? '' },
      logStream: { write: (line) => lines.push(line) },
    });
    const admin = await createAdmin(t);
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'failures-test' };
    const flac = encodedTone(8, { codec: 'flac', format: 'flac', title: 'Broken Later' });
    const res = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
      { audioFile: { filename: 'tone.flac', contentType: 'audio/flac', content: flac } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const song = res.json<{ data: { _id: string } }>().data;
    songId = `tr-${song._id}`;
    // The file is damaged on the disk after it was taken in: its audio frames become noise that
    // no decoder reads, its header stays.
    const row = await t.database.db
      .selectFrom('songs')
      .select('audio_key')
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    const file = await t.blobs.localPath(row.audio_key);
    if (!file) throw new Error('the song has no file on this disk');
    const damaged = Buffer.from(flac);
    damaged.fill(0xff, 8192);
    fs.writeFileSync(file, damaged);
  });
  afterAll(() => t.close());

  it('ends the stream cleanly and logs the reason', async () => {
    const res = await rest(t, 'stream', { ...auth, id: songId, format: 'mp3', maxBitRate: 128 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    // What ffmpeg made before the damage (here only the MP3's header), and no error page after it.
    expect(res.body).not.toMatch(/"error"|<html/i);
    if (res.rawPayload.length > 0) expect(res.rawPayload.subarray(0, 3).toString()).toBe('ID3');
    // ffmpeg's end is heard just after its output's.
    const logged = await vi.waitFor(() => {
      const entry = lines
        .map((line) => JSON.parse(line) as { msg?: string; ffmpeg?: string })
        .find((candidate) => candidate.msg === 'transcode ended with an error');
      if (!entry) throw new Error('not logged yet');
      return entry;
    });
    expect(logged.ffmpeg).toContain('nothing was encoded');
  });

  it('is not kept as a finished transcode', async () => {
    const again = await rest(t, 'stream', { ...auth, id: songId, format: 'mp3', maxBitRate: 128 });
    // A kept one would come from the cache, with its length and ranges.
    expect(again.headers['accept-ranges']).toBe('none');
    expect(again.headers['content-length']).toBeUndefined();
  });
});
