import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverMessages, MAX_COVER_IMAGE_BYTES } from '@cadenza/contract/covers';
import { playlistMessages } from '@cadenza/contract/playlists';
import { coverUrlOf } from '../../../test/covers';
import { createSong, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder, jpegBytes, pngBytes } from '../../../test/media-files';
import { multipartBody, type FormFile } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t, { name: 'Maya' });
});
afterAll(() => t.close());

function postForm(parts: Record<string, string | FormFile>, app: TestApp = t) {
  const { payload, headers } = multipartBody(parts);
  return app.app.inject({
    method: 'POST',
    url: '/api/user/playlists',
    headers: { ...listener.headers, ...headers },
    payload,
  });
}

const png = (variant = ''): FormFile => ({
  filename: 'cover.png',
  contentType: 'image/png',
  content: pngBytes(variant),
});

async function playlistCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('POST /api/user/playlists (multipart)', () => {
  it('creates a private playlist without a cover, with the default image', async () => {
    const res = await postForm({ name: '  Road trip  ', description: 'Songs for the car' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        name: 'Road trip',
        description: 'Songs for the car',
        coverImage: '/media/defaults/playlist.jpg',
        // Private unless the request makes it public (decision 071).
        isPublic: false,
        isDefault: false,
        owner: { _id: listener.user._id, name: 'Maya' },
        songCount: 0,
        createdAt: expect.any(String),
        coverMosaic: [],
      },
    });
  });

  it('keeps a new playlist private from other listeners unless it is made public', async () => {
    const other = await createUser(t);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
      payload: { name: 'Sent as JSON' },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().data.isPublic).toBe(false);
    const form = await postForm({ name: 'Sent as a form' });
    for (const created of [json, form]) {
      const seen = await t.app.inject({
        url: `/api/user/playlists/${created.json().data._id}`,
        headers: other.headers,
      });
      expect(seen.statusCode).toBe(404);
    }
    const shared = await postForm({ name: 'Shared', isPublic: 'true' });
    const seen = await t.app.inject({
      url: `/api/user/playlists/${shared.json().data._id}`,
      headers: other.headers,
    });
    expect(seen.statusCode).toBe(200);
  });

  it("reads isPublic as 'true' or 'false' and refuses anything else", async () => {
    const closed = await postForm({ name: 'Private', isPublic: 'false' });
    expect(closed.statusCode).toBe(201);
    expect(closed.json().data.isPublic).toBe(false);

    const open = await postForm({ name: 'Open', isPublic: 'true' });
    expect(open.json().data.isPublic).toBe(true);

    for (const isPublic of ['yes', '1', 'TRUE', '']) {
      const res = await postForm({ name: 'Unclear', isPublic });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: playlistMessages.isPublicInvalid,
        errors: [{ field: 'isPublic', message: playlistMessages.isPublicInvalid }],
      });
    }
  });

  it('requires a name and limits the lengths, with clear messages', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{}, 'name', playlistMessages.nameRequired],
      [{ name: '   ' }, 'name', playlistMessages.nameRequired],
      [{ name: 'x'.repeat(101) }, 'name', playlistMessages.nameTooLong],
      [
        { name: 'Fine', description: 'x'.repeat(1001) },
        'description',
        playlistMessages.descriptionTooLong,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await postForm(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'invalid_input',
        message,
        errors: [{ field, code: expect.any(String), message }],
      });
    }
    const longest = await postForm({ name: 'x'.repeat(100), description: 'y'.repeat(1000) });
    expect(longest.statusCode).toBe(201);
  });

  it('stores a PNG or JPEG cover by its content hash and answers its URL', async () => {
    const res = await postForm({ name: 'With cover', coverImage: png('stored') });
    expect(res.statusCode).toBe(201);
    const url = await coverUrlOf(t, pngBytes('stored'));
    expect(res.json().data.coverImage).toBe(url);
    const key = url.replace(/^\/media\//, '');
    expect(fs.readFileSync(path.join(t.blobs.root, key))).toEqual(pngBytes('stored'));

    // Recognised by its bytes: a JPEG sent with a misleading name and type is still a JPEG.
    const jpeg = await postForm({
      name: 'JPEG cover',
      coverImage: { filename: 'cover.gif', contentType: 'image/gif', content: jpegBytes('a') },
    });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json().data.coverImage).toBe(await coverUrlOf(t, jpegBytes('a')));
  });

  it('accepts the cover before the text fields', async () => {
    const { payload, headers } = multipartBody({ coverImage: png('first'), name: 'Cover first' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: { ...listener.headers, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Cover first',
      coverImage: await coverUrlOf(t, pngBytes('first')),
    });
  });

  it('ignores an empty file input', async () => {
    const res = await postForm({
      name: 'No file chosen',
      coverImage: {
        filename: '',
        contentType: 'application/octet-stream',
        content: Buffer.alloc(0),
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.coverImage).toBe('/media/defaults/playlist.jpg');
  });

  it('refuses a file that is not an image whatever its name (415), leaving nothing behind', async () => {
    const before = { files: filesUnder(t.blobs.root), rows: await playlistCount() };
    const res = await postForm({
      name: 'Sneaky',
      coverImage: {
        filename: 'cover.png',
        contentType: 'image/png',
        content: Buffer.from('just text, not a picture'),
      },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      code: 'unsupported_file_type',
      message: coverMessages.notAnImage,
    });
    expect(filesUnder(t.blobs.root)).toEqual(before.files);
    expect(await playlistCount()).toBe(before.rows);
  });

  it('leaves no row and no file when the fields are invalid but the cover was fine', async () => {
    const before = { files: filesUnder(t.blobs.root), rows: await playlistCount() };
    const res = await postForm({ coverImage: png('orphan?'), name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(playlistMessages.nameRequired);
    expect(filesUnder(t.blobs.root)).toEqual(before.files);
    expect(await playlistCount()).toBe(before.rows);
  });

  it('never takes a JSON value for a stored cover', async () => {
    const before = { files: filesUnder(t.blobs.root), rows: await playlistCount() };
    for (const coverImage of ['images/x', { key: 'images/x', sha256: 'a'.repeat(64) }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/playlists',
        headers: listener.headers,
        payload: { name: 'Forged', coverImage },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        errors: [{ field: 'coverImage' }],
      });
    }
    expect(filesUnder(t.blobs.root)).toEqual(before.files);
    expect(await playlistCount()).toBe(before.rows);
  });

  it('keeps a cover that another playlist already uses when a request with it fails', async () => {
    const shared = await postForm({ name: 'Owner of the cover', coverImage: png('shared') });
    expect(shared.statusCode).toBe(201);
    const files = filesUnder(t.blobs.root);
    const res = await postForm({ name: '', coverImage: png('shared') });
    expect(res.statusCode).toBe(400);
    expect(filesUnder(t.blobs.root)).toEqual(files);
  });

  it('refuses a cover over the size limit with 413, leaving nothing behind', async () => {
    const before = filesUnder(t.blobs.root);
    const huge = Buffer.concat([pngBytes(), Buffer.alloc(MAX_COVER_IMAGE_BYTES)]);
    const res = await postForm({
      name: 'Too big',
      coverImage: { filename: 'big.png', contentType: 'image/png', content: huge },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'upload_too_large',
      message: coverMessages.tooLarge,
    });
    expect(filesUnder(t.blobs.root)).toEqual(before);
  });

  it('refuses a second file field and an unknown one with 400', async () => {
    const before = filesUnder(t.blobs.root);
    const unknown = await postForm({ name: 'Odd', artwork: png('unknown field') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/unexpected file field "artwork"/);
    expect(filesUnder(t.blobs.root)).toEqual(before);
  });

  it('answers a malformed form with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: { ...listener.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('is 401 for a visitor', async () => {
    const { payload, headers } = multipartBody({ name: 'Anonymous' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers,
      payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('lists the new playlist first among the caller’s own', async () => {
    const created = await postForm({ name: 'Newest of mine' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/playlists',
      headers: listener.headers,
    });
    expect(list.json().data[0]).toEqual(created.json().data);
  });
});

describe('POST /api/user/playlists (JSON)', () => {
  it('creates a playlist from a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
      payload: { name: ' Focus ', description: 'Deep work', isPublic: false },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Focus',
      description: 'Deep work',
      isPublic: false,
    });
  });

  it('never makes a listener’s playlist default, nor fills it, whatever the body says', async () => {
    const song = await createSong(t);
    const form = await postForm({ name: 'Wishful form', isDefault: 'true', songs: song.id });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
      payload: { name: 'Wishful JSON', isDefault: true, songs: [song.id] },
    });
    for (const res of [form, json]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ isDefault: false, songCount: 0 });
    }
  });

  it('uses the same messages as the form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
      payload: { name: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(playlistMessages.nameRequired);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(playlistMessages.nameRequired);
  });
});
