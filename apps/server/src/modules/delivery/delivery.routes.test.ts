import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, mp3Bytes } from '../../../test/media-bytes';
import { createSong, testMediaUrls, type CreatedSong } from '../../../test/songs';
import { ASSETS_DIR, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let created: CreatedSong;
let cover: Buffer;
const audio = mp3Bytes(10_000);
beforeAll(async () => {
  t = await createTestApp();
  cover = jpegBytes(2_000);
  created = await createSong(t, { audio, cover });
  // A file beside the store that no media URL may ever reach.
  fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'top secret');
});
afterAll(() => t.close());

const audioUrl = () => created.song.audioFile;
const url403 = () => audioUrl().replace(/signature=[^&]+/, 'signature=forged');

describe('GET /media/audio/… (signed)', () => {
  it('streams the whole file with validators and the right type and length', async () => {
    const res = await t.app.inject({ url: audioUrl() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe(String(audio.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(String(res.headers['last-modified']))).not.toBeNaN();
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, audio.length - 1],
    ['bytes=-500', audio.length - 500, audio.length - 1],
    ['bytes=9990-20000', 9990, audio.length - 1],
  ])('answers Range %s with 206 and that slice', async (range, start, end) => {
    const res = await t.app.inject({ url: audioUrl(), headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${audio.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(audio.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 with Content-Range bytes */size for a range past the end', async () => {
    const res = await t.app.inject({ url: audioUrl(), headers: { range: 'bytes=20000-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${audio.length}`);
    expect(res.json()).toEqual({
      success: false,
      code: 'range_not_satisfiable',
      message: expect.any(String),
    });
  });

  it('ignores a malformed or multiple range and sends the whole file', async () => {
    for (const range of ['bytes=abc', 'items=0-5', 'bytes=5-1', 'bytes=0-1,5-6']) {
      const res = await t.app.inject({ url: audioUrl(), headers: { range } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(audio.length);
    }
  });

  it('answers 304 to If-None-Match with the current ETag, and the body otherwise', async () => {
    const first = await t.app.inject({ url: audioUrl() });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: audioUrl(), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const weak = await t.app.inject({ url: audioUrl(), headers: { 'if-none-match': `W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const other = await t.app.inject({ url: audioUrl(), headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified', async () => {
    const first = await t.app.inject({ url: audioUrl() });
    const res = await t.app.inject({
      url: audioUrl(),
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(res.statusCode).toBe(304);
  });

  it('honours Range under If-Range only while the ETag still matches', async () => {
    const first = await t.app.inject({ url: audioUrl() });
    const matching = await t.app.inject({
      url: audioUrl(),
      headers: { range: 'bytes=0-9', 'if-range': String(first.headers.etag) },
    });
    expect(matching.statusCode).toBe(206);
    const stale = await t.app.inject({
      url: audioUrl(),
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(audio.length);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: audioUrl() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(audio.length));
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(0);
    const partial = await t.app.inject({
      method: 'HEAD',
      url: audioUrl(),
      headers: { range: 'bytes=0-9' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-length']).toBe('10');
  });

  it('is 403 with the JSON envelope when the signature is tampered with, missing or expired', async () => {
    const url = new URL(audioUrl(), 'http://x');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = url.searchParams.get('expires') ?? '';
    // Change the last character to a different one (the same one would be no tampering at all).
    const changed = signature.endsWith('A') ? 'B' : 'A';
    const tampered = [
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -1)}${changed}`,
      `${url.pathname}?expires=${Number(expires) + 600}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      url.pathname,
      testMediaUrls.audio(created.row.audio_key, Date.now() - 7 * 60 * 60 * 1000),
    ];
    for (const bad of tampered) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'invalid_media_link',
        message: 'This audio link is invalid or has expired.',
      });
    }
  });

  it("does not serve one song's signature for another file", async () => {
    const other = await createSong(t);
    const url = new URL(audioUrl(), 'http://x');
    const res = await t.app.inject({ url: `/media/${other.row.audio_key}${url.search}` });
    expect(res.statusCode).toBe(403);
  });

  it('streams a file over 1 MiB whole, and answers a short range of it', async () => {
    const long = await createSong(t, { audio: mp3Bytes(1536 * 1024) });
    const whole = await t.app.inject({ url: long.song.audioFile });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(long.audio.length));
    expect(whole.rawPayload.equals(long.audio)).toBe(true);
    const range = 'bytes=1048000-1310143';
    const part = await t.app.inject({ url: long.song.audioFile, headers: { range } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(long.audio.subarray(1048000, 1310144))).toBe(true);
  });

  it('is 404 once the file is removed, even right after it was served', async () => {
    const gone = await createSong(t);
    expect((await t.app.inject({ url: gone.song.audioFile })).statusCode).toBe(200);
    await t.blobs.delete(gone.row.audio_key);
    const res = await t.app.inject({ url: gone.song.audioFile, headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(404);
  });

  it('sends the security headers that matter for media, with errors too', async () => {
    for (const url of [audioUrl(), url403()]) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('is 404 for a validly signed key that does not exist', async () => {
    const res = await t.app.inject({ url: testMediaUrls.audio('audio/missing.mp3') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'media_not_found',
      message: expect.any(String),
    });
  });
});

describe('GET /media/images/…', () => {
  it('serves a cover, cached as immutable because its key never holds another picture', async () => {
    expect(created.song.coverImage).toMatch(/^\/media\/images\/[0-9a-f-]{36}$/);
    const res = await t.app.inject({ url: created.song.coverImage });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String(cover.length));
    expect(res.rawPayload.equals(cover)).toBe(true);
  });

  it('does not serve audio without a signature through the images route', async () => {
    for (const url of [
      `/media/images/../${created.row.audio_key}`,
      `/media/images/..%2f${created.row.audio_key.replace('/', '%2f')}`,
    ]) {
      const res = await t.app.inject({ url });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.rawPayload.includes(audio.subarray(0, 64))).toBe(false);
    }
  });
});

describe('GET /media/defaults/…', () => {
  it.each(['song', 'playlist', 'cover'])('serves the default %s image', async (name) => {
    const file = fs.readFileSync(path.join(ASSETS_DIR, 'defaults', `default-${name}.jpg`));
    const res = await t.app.inject({ url: `/media/defaults/${name}.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(file.length));
    expect(res.rawPayload.equals(file)).toBe(true);
  });

  it('is 404 for any other name', async () => {
    for (const name of ['nope.jpg', 'constructor', '__proto__', 'default-song.jpg']) {
      const res = await t.app.inject({ url: `/media/defaults/${name}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('links in the media folder', () => {
  it('are never followed: a file or a folder swapped for a link to the secrets beside it is 404', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'jwt-secret'), 'top secret signing key');
    const swapped = await createSong(t, { audio, cover: jpegBytes(3_000) });
    const linkedFolder = await createSong(t, { audio: mp3Bytes(12_000) });
    // One asked about before the swap, so that its head is known already (a descriptor kept
    // open by an earlier read keeps reading what was stored, never what a link points to).
    const before = await t.app.inject({ method: 'HEAD', url: swapped.song.audioFile });
    expect(before.statusCode).toBe(200);

    const audioFile = path.join(t.blobs.root, swapped.row.audio_key);
    fs.rmSync(audioFile);
    fs.symlinkSync(path.join(t.dataDir, 'jwt-secret'), audioFile);
    const coverFile = path.join(t.blobs.root, String(swapped.row.cover_key));
    fs.rmSync(coverFile);
    fs.symlinkSync(path.join(t.dataDir, 'cadenza.db'), coverFile);
    // A folder of the store replaced by a link to the data folder, holding a file of the name.
    const folder = path.join(t.blobs.root, 'audio');
    fs.renameSync(folder, path.join(t.dataDir, 'audio-moved'));
    fs.symlinkSync(path.join(t.dataDir, 'audio-moved'), folder);

    for (const url of [
      swapped.song.audioFile,
      `/media/${String(swapped.row.cover_key)}`,
      linkedFolder.song.audioFile,
    ]) {
      for (const range of [undefined, 'bytes=0-9']) {
        const res = await t.app.inject({ url, headers: range ? { range } : {} });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('top secret');
        expect(res.body).not.toContain('SQLite');
      }
    }
  });
});

describe('path traversal', () => {
  it.each([
    '/media/../data/cadenza.db',
    '/media/../secret.txt',
    '/media/images/../../secret.txt',
    '/media/images/%2e%2e/%2e%2e/secret.txt',
    '/media/images/..%2f..%2fsecret.txt',
    '/media/images/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/media/images/..%5c..%5csecret.txt',
    '/media/images/%252e%252e%252f%252e%252e%252fsecret.txt',
    '/media/images/%2fetc%2fpasswd',
    '/media/images//etc/passwd',
    '/media/images/.tmp',
    '/media/defaults/..%2f..%2f..%2fpackage.json',
    '/media/%2e%2e/secret.txt',
    '/media/audio/..%2f..%2fsecret.txt?expires=1&signature=x',
  ])('never leaves the media store: %s', async (url) => {
    const res = await t.app.inject({ url });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('top secret');
    expect(res.json()).toEqual({
      success: false,
      code: expect.stringMatching(/^[a-z_]+$/),
      message: expect.any(String),
    });
  });
});
