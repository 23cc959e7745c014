import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverMessages } from '@cadenza/contract/covers';
import { TAGGED_MP3, untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder } from '../../../test/media-files';
import { multipartBody, type FormFile } from '../../../test/multipart';
import { createApiKey, rest } from '../../../test/subsonic';
import { id3PictureFrame, id3Tag, id3TextFrame } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Covers with more pixels than a cover may have: refused at upload, left out of an imported
 * file, and never sent whole for a `size` (one stored before the limit cannot be resized).
 */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small PNG file that says it is `width` × `height` (one grey pixel a row of the first rows,
 * the rest left out): what a hostile upload of a few kilobytes looks like to a decoder.
 */
function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc(Math.min(height, 64) * (width + 1)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cover = (content: Buffer): FormFile => ({
  filename: 'cover.png',
  contentType: 'image/png',
  content,
});

function post(url: string, user: CreatedUser, parts: Parameters<typeof multipartBody>[0]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...headers }, payload });
}

const audioFile = (content: Buffer): FormFile => ({
  filename: 'song.mp3',
  contentType: 'audio/mpeg',
  content,
});

describe('a cover over the pixel limit', () => {
  it.each([
    ['20000 × 20000', 20_000, 20_000],
    ['10001 × 1', 10_001, 1],
    ['6400 × 6400 (41 megapixels)', 6400, 6400],
  ])(
    'of %s is refused with 413 and a message on every upload, storing nothing',
    async (_name, width, height) => {
      const picture = pngOfSize(width, height);
      const before = filesUnder(t.blobs.root);
      for (const [url, user, parts] of [
        ['/api/user/playlists', listener, { name: 'Huge', coverImage: cover(picture) }],
        ['/api/admin/playlists', admin, { name: 'Huge', coverImage: cover(picture) }],
        [
          '/api/admin/songs',
          admin,
          { genre: 'jazz', audioFile: audioFile(untaggedMp3()), coverImage: cover(picture) },
        ],
      ] as const) {
        const res = await post(url, user, parts);
        expect(res.statusCode, url).toBe(413);
        expect(res.json()).toEqual({
          success: false,
          code: 'upload_too_large',
          message: coverMessages.tooManyPixels,
        });
      }
      expect(filesUnder(t.blobs.root)).toEqual(before);
    },
  );

  it('is taken at the limit: 10000 × 1 and 6000 × 6000', async () => {
    for (const [width, height] of [
      [10_000, 1],
      [6000, 6000],
    ] as const) {
      const res = await post('/api/user/playlists', listener, {
        name: `At the limit ${width}`,
        coverImage: cover(pngOfSize(width, height)),
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('is left out of an imported file, which is still added with the default cover', async () => {
    const tag = id3Tag(3, [
      id3TextFrame(3, 'TIT2', TAGGED_MP3.title),
      id3TextFrame(3, 'TPE1', TAGGED_MP3.artist),
      id3PictureFrame(3, pngOfSize(20_000, 20_000)),
    ]);
    const res = await post('/api/admin/songs', admin, {
      genre: 'jazz',
      audioFile: audioFile(Buffer.concat([tag, untaggedMp3()])),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: TAGGED_MP3.title,
      coverImage: '/media/defaults/song.jpg',
    });
  });
});

describe('a cover asked for at a size', () => {
  it('is never the original when it is larger and cannot be resized', async () => {
    // Stored before uploads were limited: more pixels than the resizer takes.
    const original = pngOfSize(20_000, 20_000);
    const key = 'images/0190a0a0-0000-7000-8000-00000000f00d';
    await t.blobs.put(key, Readable.from([original]), { contentType: 'image/png' });
    for (const size of [96, 300, 600]) {
      const res = await t.app.inject({ url: `/media/${key}?size=${size}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'media_not_found' });
    }
    // Without a size, the original is what is asked for.
    expect((await t.app.inject({ url: `/media/${key}` })).rawPayload.equals(original)).toBe(true);
  });

  it('is the original when that cannot be resized but is no larger than asked', async () => {
    // A real 64 × 64 PNG whose pixels are cut short: its header is read, its pixels are not.
    const whole = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#10b981' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cut = whole.subarray(0, 200);
    const key = 'images/0190a0a0-0000-7000-8000-00000000beef';
    await t.blobs.put(key, Readable.from([cut]), { contentType: 'image/png' });
    const small = await t.app.inject({ url: `/media/${key}?size=96` });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.equals(cut)).toBe(true);
    expect((await t.app.inject({ url: `/media/${key}?size=300` })).statusCode).toBe(200);
  });

  it('through /rest is the placeholder, never the larger original', async () => {
    const original = pngOfSize(20_000, 20_000);
    const stored = await post('/api/user/playlists', listener, { name: 'Plain' });
    expect(stored.statusCode).toBe(201);
    const playlistId = String(stored.json().data._id);
    const key = 'images/0190a0a0-0000-7000-8000-00000000cafe';
    await t.blobs.put(key, Readable.from([original]), { contentType: 'image/png' });
    await t.database.db
      .updateTable('playlists')
      .set({ cover_key: key })
      .where('id', '=', playlistId)
      .execute();
    const apiKey = await createApiKey(t, listener);
    const res = await rest(t, 'getCoverArt', { apiKey, id: `pl-${playlistId}`, size: 300 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(original)).toBe(false);
  });
});
