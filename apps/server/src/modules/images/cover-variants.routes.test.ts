import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../../../test/media-bytes';
import { storeCover } from '../../../test/covers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { coverVariantKey, coverVariantKeys } from './cover-variants';

const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

let t: TestApp;
let jpegKey: string;
let pngKey: string;
let brokenKey: string;
beforeAll(async () => {
  t = await createTestApp();
  const jpeg = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#a78bfa' },
  })
    .jpeg()
    .toBuffer();
  const png = await sharp({
    create: { width: 640, height: 640, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  jpegKey = (await storeCover(t, jpeg)).key;
  pngKey = (await storeCover(t, png)).key;
  // Starts like a JPEG, but is not one sharp can read.
  brokenKey = (await storeCover(t, jpegBytes(2_000))).key;
});
afterAll(() => t.close());

const variantFile = (key: string) => path.join(t.blobs.root, key);

describe('GET /media/images/…?size=', () => {
  it('answers a WebP at most `size` pixels a side for a browser that takes WebP', async () => {
    for (const size of [96, 300, 600]) {
      const res = await t.app.inject({
        url: `/media/${jpegKey}?size=${size}`,
        headers: { accept: WEBP_ACCEPT },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers.vary).toMatch(/\baccept\b/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const { format, width, height } = await sharp(res.rawPayload).metadata();
      expect(format).toBe('webp');
      expect(width).toBe(size);
      expect(height).toBe(Math.round((size * 800) / 1200));
    }
  });

  it('answers JPEG for a JPEG and PNG for a PNG when the browser does not take WebP', async () => {
    const jpeg = await t.app.inject({
      url: `/media/${jpegKey}?size=300`,
      headers: { accept: 'image/*' },
    });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');
    const png = await t.app.inject({ url: `/media/${pngKey}?size=96` });
    expect(png.headers['content-type']).toBe('image/png');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.format, meta.width, meta.hasAlpha]).toEqual(['png', 96, true]);
  });

  it('never enlarges: a smaller original keeps its own size', async () => {
    const small = await sharp({
      create: { width: 200, height: 150, channels: 3, background: '#16131f' },
    })
      .jpeg()
      .toBuffer();
    const { key } = await storeCover(t, small);
    const res = await t.app.inject({
      url: `/media/${key}?size=300`,
      headers: { accept: WEBP_ACCEPT },
    });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 150]);
  });

  it('makes each variant once, keeps it beside the original, and answers it with validators', async () => {
    const url = `/media/${pngKey}?size=300`;
    const key = coverVariantKey(pngKey, 300, 'webp');
    fs.rmSync(variantFile(key), { force: true });
    // Many at once: one making, every answer the same bytes.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ url, headers: { accept: WEBP_ACCEPT } })),
    );
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
    const made = fs.statSync(variantFile(key));
    expect(made.size).toBe(answers[0]!.rawPayload.length);

    const again = await t.app.inject({ url, headers: { accept: WEBP_ACCEPT } });
    expect(fs.statSync(variantFile(key)).mtimeMs).toBe(made.mtimeMs);
    expect(again.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    const cached = await t.app.inject({
      url,
      headers: { accept: WEBP_ACCEPT, 'if-none-match': String(again.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('still answers the original without a size, with no Vary', async () => {
    const res = await t.app.inject({ url: `/media/${jpegKey}`, headers: { accept: WEBP_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.vary).toBeUndefined();
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
  });

  it.each(['0', '97', '1200', 'large', '300px', '-96', ''])(
    'refuses size=%s with 400 and a clear message',
    async (size) => {
      const res = await t.app.inject({ url: `/media/${jpegKey}?size=${size}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      if (size !== '') {
        expect(res.json()).toMatchObject({
          code: 'invalid_image_size',
          message: 'The image size must be 96, 300 or 600 pixels.',
        });
      }
    },
  );

  it('answers 404 for a missing cover at any size', async () => {
    const res = await t.app.inject({ url: '/media/images/no-such-cover?size=96' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'media_not_found' });
  });

  it('answers 404, never the original, for a picture it can neither resize nor measure', async () => {
    const res = await t.app.inject({
      url: `/media/${brokenKey}?size=96`,
      headers: { accept: WEBP_ACCEPT },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'media_not_found' });
    expect((await t.app.inject({ url: `/media/${brokenKey}` })).statusCode).toBe(200);
  });

  it('removes the variants with their cover', async () => {
    const picture = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#f472b6' },
    })
      .jpeg()
      .toBuffer();
    const covers = t.services.covers;
    const image = await covers.save(Readable.from([picture]));
    const res = await t.app.inject({
      url: `/media/${image.key}?size=96`,
      headers: { accept: WEBP_ACCEPT },
    });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(variantFile(coverVariantKey(image.key, 96, 'webp')))).toBe(true);
    await covers.discard(image);
    for (const key of coverVariantKeys(image.key))
      expect(fs.existsSync(variantFile(key))).toBe(false);
  });
});
