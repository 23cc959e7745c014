import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Bytes } from '../../../test/media-bytes';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ACCEL_REUSE_SECONDS, AccelRedirects } from '../../storage/accel-redirects';

let t: TestApp;
let created: CreatedSong;
const audio = mp3Bytes(10_000);
beforeAll(async () => {
  t = await createTestApp({
    env: { MEDIA_DELIVERY: 'accel', MEDIA_ACCEL_PREFIX: '/internal-media/' },
  });
  created = await createSong(t, { audio });
});
afterAll(() => t.close());

const audioUrl = () => created.song.audioFile;
const keyOf = (url: string) => decodeURIComponent(/^\/media\/(audio\/[^?]+)/.exec(url)![1]!);

describe('MEDIA_DELIVERY=accel', () => {
  it('checks the link, then hands the file to nginx: X-Accel-Redirect, the headers, no body', async () => {
    for (const headers of [{}, { range: 'bytes=100-199' }, { range: 'bytes=999999-' }]) {
      const res = await t.app.inject({ url: audioUrl(), headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-accel-redirect']).toBe(`/internal-media/${keyOf(audioUrl())}`);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // nginx answers the range and the validators from the file itself.
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('lets nginx reuse the answer for a while, never up to the link’s expiry', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ url: audioUrl(), method: 'HEAD' });
    const after = Math.floor(Date.now() / 1000);
    const until = Number(/^@(\d+)$/.exec(String(res.headers['x-accel-expires']))![1]);
    const linkExpires = Number(/expires=(\d+)/.exec(audioUrl())![1]);
    expect(until).toBeGreaterThanOrEqual(before + ACCEL_REUSE_SECONDS);
    expect(until).toBeLessThanOrEqual(Math.min(after + ACCEL_REUSE_SECONDS, linkExpires - 1));
  });

  it('refuses a forged or expired link as before, without a redirect', async () => {
    const forged = await t.app.inject({
      url: audioUrl().replace(/signature=[^&]+/, 'signature=forged'),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'invalid_media_link' });
    expect(forged.headers['x-accel-redirect']).toBeUndefined();
    expect(forged.headers['x-accel-expires']).toBeUndefined();
  });

  it('answers 404 for a signed link to a file that is gone, without a redirect', async () => {
    const key = keyOf(audioUrl());
    await t.container.objects.delete(key);
    const res = await t.app.inject({ url: audioUrl() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'media_not_found' });
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    expect(res.headers['x-accel-expires']).toBeUndefined();
  });
});

describe('AccelRedirects', () => {
  it('maps stored keys under the prefix and leaves scanned folders to the server', () => {
    const accel = new AccelRedirects('/internal-media/');
    expect(accel.of('audio/0190-ab.mp3')).toBe('/internal-media/audio/0190-ab.mp3');
    expect(accel.of('audio/library/0190')).toBeNull();
    expect(accel.of('audio/../secret')).toBeNull();
    expect(new AccelRedirects(null).of('audio/x')).toBeNull();
  });
});

describe('AccelRedirects.reuseUntil', () => {
  const accel = new AccelRedirects('/internal-media/');
  const now = Date.UTC(2026, 10, 24, 12, 0, 0, 500);
  const nowSeconds = Math.floor(now / 1000);

  it('allows at most ACCEL_REUSE_SECONDS for a link that lives longer', () => {
    expect(accel.reuseUntil(nowSeconds + 6 * 3600, now)).toBe(
      `@${nowSeconds + ACCEL_REUSE_SECONDS}`,
    );
  });

  it('stops a second before a link that expires sooner', () => {
    expect(accel.reuseUntil(nowSeconds + 30, now)).toBe(`@${nowSeconds + 29}`);
  });
});
