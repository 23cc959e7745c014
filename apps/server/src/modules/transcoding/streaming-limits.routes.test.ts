import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../ids';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { encodedTone, probeAudio, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { injectForm } from '../../../test/multipart';
import { createApiKey, rest, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

interface UploadedSong {
  readonly _id: string;
  readonly audioFile: string;
}

async function upload(t: TestApp, admin: CreatedUser, bytes: Buffer, filename: string) {
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename, contentType: 'application/octet-stream', content: bytes } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: UploadedSong }>().data;
}

/** Within the few percent an encoder's rate strays from the one asked. */
function expectRate(bitRate: number, kbps: number) {
  expect(bitRate).toBeGreaterThan(kbps * 1000 * 0.8);
  expect(bitRate).toBeLessThan(kbps * 1000 * 1.2);
}

describe.skipIf(skipWithoutFfmpeg)('streaming quality and the limits an administrator sets', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let listener: CreatedUser;
  let auth: RestParams;
  /** Uncompressed: 1411 kbps, above every quality. */
  let wav: UploadedSong;
  /** 128 kbps: within every quality but Data saver. */
  let mp3: UploadedSong;
  let wavBytes: Buffer;

  const settings = (streamingQualityLimit: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { streamingQualityLimit },
    });
  const limitUser = (id: string, streamingQualityLimit: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/streaming-limit`,
      headers: admin.headers,
      payload: { streamingQualityLimit },
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { PATH: process.env.PATH ?? '' } });
    admin = await createAdmin(t);
    listener = await createUser(t);
    auth = { apiKey: await createApiKey(t, listener), c: 'limits-test' };
    wavBytes = encodedTone(6, { codec: 'pcm_s16le', format: 'wav', title: 'Uncompressed' });
    wav = await upload(t, admin, wavBytes, 'tone.wav');
    mp3 = await upload(
      t,
      admin,
      encodedTone(6, {
        codec: 'libmp3lame',
        format: 'mp3',
        title: 'Small',
        extra: ['-b:a', '128k'],
      }),
      'tone.mp3',
    );
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    expect((await settings('original')).statusCode).toBe(200);
    expect((await limitUser(listener.user._id, 'original')).statusCode).toBe(200);
  });

  it("sends the web player a file above the listener's quality smaller, in the format it names", async () => {
    const res = await t.app.inject({ url: `${wav.audioFile}&kbps=96&prefer=mp3` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const probed = probeAudio(res.rawPayload);
    expect(probed.codec).toBe('mp3');
    expectRate(probed.bitRate, 96);

    // At or below the quality: the file as it is.
    const within = await t.app.inject({ url: `${mp3.audioFile}&kbps=160&prefer=opus` });
    expect(within.headers['content-type']).toBe('audio/mpeg');
    expect(probeAudio(within.rawPayload).bitRate).toBe(128_000);
    const original = await t.app.inject({ url: wav.audioFile });
    expect(original.rawPayload.equals(wavBytes)).toBe(true);
  });

  it('gives a player seeking in a transcode the whole of it, with ranges', async () => {
    const link = `${wav.audioFile}&kbps=128&prefer=mp3`;
    // As it is made: no length, no ranges.
    const streamed = await t.app.inject({ url: link, headers: { range: 'bytes=0-' } });
    expect(streamed.headers['accept-ranges']).toBe('none');
    const res = await t.app.inject({
      url: `${wav.audioFile}&kbps=96&prefer=mp3&seekable=1`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-range']).toMatch(/^bytes 1000-1999\/\d+$/);
    expect(res.rawPayload.length).toBe(1000);
    const whole = await t.app.inject({ url: `${wav.audioFile}&kbps=96&prefer=mp3&seekable=1` });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.subarray(1000, 2000).equals(res.rawPayload)).toBe(true);
    expectRate(probeAudio(whole.rawPayload).bitRate, 96);
  });

  it('refuses a rate that is not one, naming what is allowed', async () => {
    for (const kbps of ['fast', '-5', '1.5', '99999']) {
      const res = await t.app.inject({ url: `${wav.audioFile}&kbps=${kbps}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('kbps must be 0 (no limit) or a whole number of kbps');
    }
  });

  it('holds the server-wide limit for everyone, in the web player and in apps, raw included', async () => {
    const saved = await settings('normal');
    expect(saved.json().data.streamingQualityLimit).toBe('normal');

    const web = await t.app.inject({ url: wav.audioFile });
    expect(web.headers['content-type']).toBe('audio/ogg');
    expect(probeAudio(web.rawPayload).codec).toBe('opus');
    // Asking for more than the limit gets the limit.
    const richer = await t.app.inject({ url: `${wav.audioFile}&kbps=320&prefer=mp3` });
    expectRate(probeAudio(richer.rawPayload).bitRate, 160);

    const app = await rest(t, 'stream', { ...auth, id: `tr-${wav._id}`, format: 'raw' });
    expect(app.headers['content-type']).toBe('audio/mpeg');
    expectRate(probeAudio(app.rawPayload).bitRate, 160);

    // A file within the limit goes as it is.
    const small = await rest(t, 'stream', { ...auth, id: `tr-${mp3._id}` });
    expect(probeAudio(small.rawPayload).bitRate).toBe(128_000);
    // Downloads stay the original.
    const download = await rest(t, 'download', { ...auth, id: `tr-${wav._id}` });
    expect(download.rawPayload.equals(wavBytes)).toBe(true);
  });

  it("holds an account's own limit in apps, for that account only", async () => {
    const limited = await limitUser(listener.user._id, 'dataSaver');
    expect(limited.statusCode).toBe(200);
    expect(limited.json().data.streamingQualityLimit).toBe('dataSaver');
    const listed = await t.app.inject({ url: '/api/admin/users', headers: admin.headers });
    const row = listed.json<{ data: { _id: string; streamingQualityLimit: string }[] }>().data;
    expect(row.find((user) => user._id === listener.user._id)?.streamingQualityLimit).toBe(
      'dataSaver',
    );

    const own = await rest(t, 'stream', { ...auth, id: `tr-${mp3._id}` });
    expect(own.headers['content-type']).toBe('audio/mpeg');
    expectRate(probeAudio(own.rawPayload).bitRate, 96);

    const other = await createUser(t);
    const otherAuth = { apiKey: await createApiKey(t, other), c: 'limits-test' };
    const theirs = await rest(t, 'stream', { ...otherAuth, id: `tr-${mp3._id}` });
    expect(probeAudio(theirs.rawPayload).bitRate).toBe(128_000);

    // The lower of the two limits holds.
    await settings('normal');
    await limitUser(listener.user._id, 'high');
    const lower = await rest(t, 'stream', { ...auth, id: `tr-${wav._id}` });
    expectRate(probeAudio(lower.rawPayload).bitRate, 160);
  });

  it("carries an account's own limit in its web player's links, signed, and holds it", async () => {
    const other = await createUser(t);
    const audioOf = async (who: CreatedUser, id: string) => {
      const res = await t.app.inject({ url: '/api/user/songs?limit=50', headers: who.headers });
      const songs = res.json<{ data: UploadedSong[] }>().data;
      const song = songs.find((candidate) => candidate._id === id);
      if (!song) throw new Error(`song ${id} not listed`);
      return song.audioFile;
    };
    // The other listener's page is read first: a page kept for them is not the limited one's.
    expect(await audioOf(other, wav._id)).not.toContain('limit=');
    await limitUser(listener.user._id, 'dataSaver');
    const link = await audioOf(listener, wav._id);
    expect(link).toMatch(/&limit=dataSaver&signature=/);
    expect(await audioOf(other, wav._id)).not.toContain('limit=');

    const played = await t.app.inject({ url: link });
    expect(played.headers['content-type']).toBe('audio/ogg');
    expectRate(probeAudio(played.rawPayload).bitRate, 96);
    // Richer than the limit is not to be had by asking, nor by taking the limit off the link.
    const richer = await t.app.inject({ url: `${link}&kbps=320&prefer=mp3` });
    expectRate(probeAudio(richer.rawPayload).bitRate, 96);
    const stripped = await t.app.inject({ url: link.replace('&limit=dataSaver', '') });
    expect(stripped.statusCode).toBe(403);
    const raised = await t.app.inject({ url: link.replace('limit=dataSaver', 'limit=high') });
    expect(raised.statusCode).toBe(403);
  });

  it('refuses a limit that is not a quality, and an account that does not exist', async () => {
    const bad = await limitUser(listener.user._id, 'ultra');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The streaming quality limit must be original, high, normal or dataSaver',
    );
    const missing = await limitUser(newId(), 'high');
    expect(missing.statusCode).toBe(404);
    expect((await settings('loud')).statusCode).toBe(400);
    const listenerTries = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${listener.user._id}/streaming-limit`,
      headers: listener.headers,
      payload: { streamingQualityLimit: 'original' },
    });
    expect(listenerTries.statusCode).toBe(403);
  });

  it('transcodes into what an app says it accepts when it names no format', async () => {
    const res = await t.app.inject({
      url: `/rest/stream?apiKey=${String(auth.apiKey)}&c=x&id=tr-${wav._id}&maxBitRate=128`,
      headers: { accept: 'audio/aac, audio/mpeg;q=0.5' },
    });
    expect(res.headers['content-type']).toBe('audio/aac');
    expect(probeAudio(res.rawPayload).codec).toBe('aac');
  });

  it('tells the web app that streams can be made smaller', async () => {
    const config = await t.app.inject({ url: '/api/general/config' });
    expect(config.json().data.transcoding).toBe(true);
  });
});
