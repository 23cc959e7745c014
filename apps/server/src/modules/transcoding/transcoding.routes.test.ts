import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { encodedTone, ffmpegChildren, probeAudio, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { injectForm } from '../../../test/multipart';
import { createApiKey, rest, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

const TONE_SECONDS = 20;
/** Long enough that its transcode outgrows every buffer between ffmpeg and a paused client. */
const LONG_TONE_SECONDS = 900;

function postSong(t: TestApp, admin: CreatedUser, bytes: Buffer, filename: string) {
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename, contentType: 'application/octet-stream', content: bytes } },
  );
}

/** A file sent to the library as the bulk upload sends it (named by its file when untagged). */
function sendToLibrary(t: TestApp, admin: CreatedUser, bytes: Buffer, filename: string) {
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
    { file: { filename, contentType: 'application/octet-stream', content: bytes } },
  );
}

async function upload(t: TestApp, admin: CreatedUser, bytes: Buffer, filename: string) {
  const res = await postSong(t, admin, bytes, filename);
  expect(res.statusCode, res.body).toBe(201);
  return `tr-${res.json<{ data: { _id: string } }>().data._id}`;
}

/** The first bytes of a stream over a real connection, then the client goes away. */
function readFirstBytesThenLeave(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      response.once('data', (chunk: Buffer) => {
        request.destroy();
        resolve(chunk.length);
      });
      response.once('error', () => undefined);
    });
    request.once('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** The finished transcodes `t` keeps, and what is being written. */
const cacheDirOf = (t: TestApp) => path.join(t.dataDir, 'transcodes');
const namesIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith('.')) : [];

/** Waits, checking every 20 ms, until `done` holds or `ms` have passed. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe.skipIf(skipWithoutFfmpeg)('streams transcoded by ffmpeg', () => {
  let t: TestApp;
  let auth: RestParams;
  let flac: Buffer;
  let flacId: string;
  let longId: string;
  const cached = () => namesIn(cacheDirOf(t));
  const leftovers = () => namesIn(path.join(cacheDirOf(t), '.tmp'));

  beforeAll(async () => {
    t = await createTestApp({
      env: { PATH: process.env.PATH ?? '', TRANSCODE_CONCURRENCY: '1' },
    });
    const admin = await createAdmin(t);
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'transcode-test' };
    flac = encodedTone(TONE_SECONDS, { codec: 'flac', format: 'flac', title: 'Lossless Tone' });
    flacId = await upload(t, admin, flac, 'tone.flac');
    const long = encodedTone(LONG_TONE_SECONDS, { codec: 'flac', format: 'flac', title: 'Long' });
    longId = await upload(t, admin, long, 'long.flac');
  });
  afterAll(() => t.close());

  it('takes in ALAC and AIFF, links them as Opus that plays, and downloads the original', async () => {
    const admin = await createAdmin(t);
    for (const name of ['alac.m4a', 'pcm.aif']) {
      const original = audioFixture(name);
      const res = await sendToLibrary(t, admin, original, name);
      expect(res.statusCode, res.body).toBe(201);
      const { song } = res.json<{ data: { song: { _id: string; audioFile: string } } }>().data;
      expect(song.audioFile).toMatch(/\?expires=\d+&signature=[^&]+&format=opus$/);
      const played = await t.app.inject({ url: song.audioFile });
      expect(played.statusCode).toBe(200);
      expect(played.headers['content-type']).toBe('audio/ogg');
      const probed = probeAudio(played.rawPayload);
      expect(probed.codec).toBe('opus');
      // As long as the original, within an Opus frame (20 ms).
      expect(Math.abs(probed.duration - probeAudio(original).duration)).toBeLessThan(0.02);
      const download = await t.app.inject({
        url: `/api/user/songs/${song._id}/download`,
        headers: admin.headers,
      });
      expect(download.rawPayload.equals(original)).toBe(true);
    }
  });

  it('finds ffmpeg at start and says so in /api/ready', async () => {
    expect(t.services.ffmpeg.facts?.version).toMatch(/^\d/);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.json().data.transcoding).toEqual({
      available: true,
      version: t.services.ffmpeg.facts?.version,
      formats: ['mp3', 'opus', 'aac'],
    });
    const extensions = await rest(t, 'getOpenSubsonicExtensions', { f: 'json' });
    expect(extensions.json()['subsonic-response'].openSubsonicExtensions).toContainEqual({
      name: 'transcodeOffset',
      versions: [1],
    });
  });

  it('sends a FLAC asked for as MP3 at 128 kbps as an MP3 of that rate and length', async () => {
    const res = await rest(t, 'stream', { ...auth, id: flacId, maxBitRate: 128, format: 'mp3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBeUndefined();
    const probed = probeAudio(res.rawPayload);
    expect(probed.codec).toBe('mp3');
    expect(probed.bitRate).toBe(128_000);
    expect(probed.duration).toBeGreaterThan(TONE_SECONDS - 0.2);
    expect(probed.duration).toBeLessThan(TONE_SECONDS + 0.2);
  });

  it('announces the length its rate and duration give when asked to estimate it', async () => {
    const params = { ...auth, id: flacId, format: 'mp3', maxBitRate: 128 };
    const res = await rest(t, 'stream', { ...params, estimateContentLength: true });
    const expected = (TONE_SECONDS * 128_000) / 8;
    expect(res.headers['content-length']).toBe(String(expected));
    expect(res.rawPayload.length).toBe(expected);
    const probed = probeAudio(res.rawPayload);
    expect(probed.codec).toBe('mp3');
    expect(probed.duration).toBeGreaterThan(TONE_SECONDS - 0.2);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/rest/stream?apiKey=${String(auth.apiKey)}&id=${flacId}&format=mp3&maxBitRate=128&estimateContentLength=true`,
    });
    expect(head.headers['content-length']).toBe(String(expected));
  });

  it('starts timeOffset seconds in, and past the end answers an empty stream', async () => {
    const later = await rest(t, 'stream', { ...auth, id: flacId, format: 'opus', timeOffset: 10 });
    expect(later.headers['content-type']).toBe('audio/ogg');
    const probed = probeAudio(later.rawPayload);
    expect(probed.codec).toBe('opus');
    expect(probed.duration).toBeGreaterThan(TONE_SECONDS - 10 - 0.2);
    expect(probed.duration).toBeLessThan(TONE_SECONDS - 10 + 0.2);

    const past = await rest(t, 'stream', { ...auth, id: flacId, format: 'mp3', timeOffset: 999 });
    expect(past.statusCode).toBe(200);
    expect(past.headers['content-type']).toBe('audio/mpeg');
    expect(past.rawPayload.length).toBeLessThan(1024);
  });

  it('sends the file as it is for raw, for no limit, and for a limit above its rate', async () => {
    const asIs: RestParams[] = [
      { format: 'raw', maxBitRate: 64 },
      { maxBitRate: 0 },
      { format: 'flac' },
      { maxBitRate: 12_288 },
    ];
    for (const params of asIs) {
      const res = await rest(t, 'stream', { ...auth, id: flacId, ...params });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(flac)).toBe(true);
    }
    const download = await rest(t, 'download', { ...auth, id: flacId });
    expect(download.rawPayload.equals(flac)).toBe(true);
  });

  it('refuses an unknown format or an absurd rate with a 400 naming the allowed values', async () => {
    const wav = await rest(t, 'stream', { ...auth, id: flacId, format: 'wav', f: 'json' });
    expect(wav.statusCode).toBe(400);
    expect(wav.json()['subsonic-response'].error.message).toBe(
      'format must be one of raw, mp3, opus, aac.',
    );
    for (const maxBitRate of ['99999', '-5', 'fast', '12.5']) {
      const res = await rest(t, 'stream', { ...auth, id: flacId, maxBitRate, f: 'json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()['subsonic-response'].error.message).toBe(
        'maxBitRate must be 0 (no limit) or a whole number of kbps up to 12288.',
      );
    }
    const offset = await rest(t, 'stream', { ...auth, id: flacId, timeOffset: '-1', f: 'json' });
    expect(offset.statusCode).toBe(400);
  });

  it('answers HEAD of a transcode without a length and starts no ffmpeg', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/rest/stream?apiKey=${String(auth.apiKey)}&id=${flacId}&format=mp3`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBeUndefined();
    expect(ffmpegChildren()).toEqual([]);
    const file = await t.app.inject({
      method: 'HEAD',
      url: `/rest/stream?apiKey=${String(auth.apiKey)}&id=${flacId}`,
    });
    expect(file.headers['content-length']).toBe(String(flac.length));
  });

  it('stops ffmpeg when the client goes away, and turns a request away while all slots are busy', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const url = (extra: string) =>
      `http://127.0.0.1:${port}/rest/stream?apiKey=${String(auth.apiKey)}&id=${longId}&format=mp3&${extra}`;

    const before = cached();
    // Read slowly: the first stream keeps its slot while ffmpeg waits on the full pipe.
    const held = await new Promise<http.IncomingMessage>((resolve) => {
      http.get(url('maxBitRate=64'), (response) => {
        response.pause();
        resolve(response);
      });
    });
    expect(held.statusCode).toBe(200);
    expect(ffmpegChildren()).toHaveLength(1);

    const turnedAway = await rest(t, 'stream', { ...auth, id: flacId, format: 'mp3', f: 'json' });
    expect(turnedAway.statusCode).toBe(503);
    expect(turnedAway.headers['retry-after']).toBe('5');
    expect(turnedAway.json()['subsonic-response'].error.message).toMatch(/try again/);

    held.destroy();
    expect(await until(() => ffmpegChildren().length === 0, 5000)).toBe(true);
    // Nothing of the transcode cut short is kept, not even a part.
    expect(await until(() => leftovers().length === 0, 5000)).toBe(true);
    expect(cached()).toEqual(before);

    expect(await readFirstBytesThenLeave(url('maxBitRate=96'))).toBeGreaterThan(0);
    expect(await until(() => ffmpegChildren().length === 0, 5000)).toBe(true);
  });
});

describe('streams without ffmpeg', () => {
  let t: TestApp;
  let auth: RestParams;

  beforeAll(async () => {
    t = await createTestApp({ env: { PATH: '' } });
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'no-ffmpeg-test' };
  });
  afterAll(() => t.close());

  it('refuses ALAC and AIFF, saying that ffmpeg would let them in', async () => {
    const admin = await createAdmin(t);
    for (const name of ['alac.m4a', 'pcm.aif']) {
      const res = await sendToLibrary(t, admin, audioFixture(name), name);
      expect(res.statusCode).toBe(415);
      expect(res.json<{ message: string }>().message).toMatch(
        /cannot be played by browsers; .* or install ffmpeg on the server to take it as it is\.$/,
      );
    }
  });

  it('sends every file as it is, and /api/ready says transcoding is off', async () => {
    const admin = await createAdmin(t);
    const mp3 = taggedMp3();
    const id = await upload(t, admin, mp3, 'song.mp3');
    const res = await rest(t, 'stream', { ...auth, id, maxBitRate: 32, format: 'opus' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(mp3)).toBe(true);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.json().data.transcoding).toEqual({ available: false, version: null, formats: [] });
    const extensions = await rest(t, 'getOpenSubsonicExtensions', { f: 'json' });
    expect(
      (extensions.json()['subsonic-response'].openSubsonicExtensions as { name: string }[]).map(
        (extension) => extension.name,
      ),
    ).not.toContain('transcodeOffset');
  });
});

describe.skipIf(skipWithoutFfmpeg)('the cache of finished transcodes', () => {
  let t: TestApp;
  let auth: RestParams;
  let flacId: string;
  const cacheDir = () => cacheDirOf(t);
  const cached = () => namesIn(cacheDir());
  const streamUrl = (extra: string) =>
    `/rest/stream?apiKey=${String(auth.apiKey)}&id=${flacId}&format=mp3&${extra}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { PATH: process.env.PATH ?? '', TRANSCODE_CACHE_MB: '1' } });
    const admin = await createAdmin(t);
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'cache-test' };
    const flac = encodedTone(TONE_SECONDS, { codec: 'flac', format: 'flac', title: 'Cached' });
    flacId = await upload(t, admin, flac, 'cached.flac');
  });
  afterAll(() => t.close());

  it('answers the second request for a transcode from its file, with ranges and no ffmpeg', async () => {
    const first = await t.app.inject({ url: streamUrl('maxBitRate=128') });
    expect(first.headers['content-length']).toBeUndefined();
    expect(await until(() => cached().length === 1, 5000)).toBe(true);

    const part = await t.app.inject({
      url: streamUrl('maxBitRate=128'),
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${first.rawPayload.length}`);
    expect(part.rawPayload.equals(first.rawPayload.subarray(0, 100))).toBe(true);
    const whole = await t.app.inject({ url: streamUrl('maxBitRate=128') });
    expect(whole.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(whole.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('keeps at most TRANSCODE_CACHE_MB, dropping the least recently used first', async () => {
    // 20 s at 320 kbps is 800 kB: with the 320 kB of 128 kbps, over the 1 MB limit.
    await t.app.inject({ url: streamUrl('maxBitRate=128') });
    await t.app.inject({ url: streamUrl('maxBitRate=320') });
    const sizes = () => cached().map((name) => fs.statSync(path.join(cacheDir(), name)).size);
    // The 320 kbps one, used last, alone.
    expect(await until(() => sizes().length === 1 && sizes()[0]! > 700_000, 5000)).toBe(true);
    const again = await t.app.inject({ url: streamUrl('maxBitRate=128') });
    expect(again.headers['content-length']).toBeUndefined();
  });
});
