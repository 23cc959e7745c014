import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, mp3Bytes } from '../../test/media-bytes';
import { createSong, type CreatedSong } from '../../test/songs';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let created: CreatedSong;
const audio = mp3Bytes(20_000);
const cover = jpegBytes(4_000);
beforeAll(async () => {
  t = await createTestApp();
  created = await createSong(t, { audio, cover });
});
afterAll(() => t.close());

describe('Compressed answers', () => {
  it('gzips a JSON answer for a client that accepts gzip', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    const res = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.gunzipSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('prefers brotli when the client accepts both', async () => {
    const res = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toHaveProperty(
      'paths',
    );
  });

  it('sends JSON as it is to a client that asks for no encoding', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('paths');
  });

  it('leaves an error answer under 1 KB uncompressed', async () => {
    const res = await t.app.inject({
      url: '/api/no-such-route',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('never compresses audio: a byte range answers the bytes of the file', async () => {
    const res = await t.app.inject({
      url: created.song.audioFile,
      headers: { 'accept-encoding': 'gzip, br', range: 'bytes=100-4099' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 100-4099/${audio.length}`);
    expect(res.headers['content-length']).toBe('4000');
    expect(res.rawPayload.equals(audio.subarray(100, 4100))).toBe(true);
  });

  it('never compresses a whole audio file or a cover image', async () => {
    for (const url of [created.song.audioFile, created.song.coverImage]) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const image = await t.app.inject({
      url: created.song.coverImage,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(image.rawPayload.equals(cover)).toBe(true);
  });
});
