import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverMessages } from '@cadenza/contract/covers';
import { songFormMessages } from '@cadenza/contract/song-form';
import { BrowserLikeConnection, type RawAnswer } from '../../../test/browser-like-http';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Uploads refused before their body has arrived (by type, size or sender) must still reach a
// client that, like a browser, reads the answer only once it has sent the whole body.
let t: TestApp;
let port: number;
let admin: CreatedUser;
let listener: CreatedUser;
const connections: BrowserLikeConnection[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  for (const connection of connections) connection.close();
  await t.close();
});

async function connect(): Promise<BrowserLikeConnection> {
  const connection = await BrowserLikeConnection.open(port);
  connections.push(connection);
  return connection;
}

/** A form whose file is `bytes` of something that is neither audio nor an image. */
function notMediaForm(field: string, bytes: number, fields: Record<string, string> = {}) {
  return multipartBody({
    ...fields,
    [field]: {
      filename: 'notes.bin',
      contentType: 'application/octet-stream',
      content: Buffer.alloc(bytes, 0x41),
    },
  });
}

function post(
  connection: BrowserLikeConnection,
  path: string,
  form: ReturnType<typeof multipartBody>,
  auth: Record<string, string>,
): Promise<RawAnswer> {
  return connection.send({
    method: 'POST',
    path,
    headers: { ...auth, ...form.headers },
    body: form.payload,
  });
}

const MB = 1024 * 1024;

describe('uploads refused early', { timeout: 120_000 }, () => {
  it('answer four 600 kB non-audio uploads in a row on one kept-alive connection, all 415', async () => {
    const connection = await connect();
    const answers: RawAnswer[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const form = notMediaForm('audioFile', 600 * 1024, { title: 'Not audio', artist: 'Nobody' });
      answers.push(await post(connection, '/api/admin/songs', form, admin.headers));
    }
    expect(answers.map((answer) => answer.status)).toEqual([415, 415, 415, 415]);
    for (const answer of answers) {
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        code: 'unsupported_file_type',
        message: songFormMessages.audioType,
      });
      expect(answer.closed).toBe(false);
    }
    expect(connection.isOpen).toBe(true);
    expect(filesUnder(t.blobs.root)).toEqual([]);
  });

  it.each([
    ['/api/admin/songs', 'audioFile', songFormMessages.audioType, () => admin.headers],
    ['/api/admin/songs/inspect', 'audioFile', songFormMessages.audioType, () => admin.headers],
    ['/api/admin/playlists', 'coverImage', coverMessages.notAnImage, () => admin.headers],
    ['/api/user/playlists', 'coverImage', coverMessages.notAnImage, () => listener.headers],
  ])('answer a 20 MB non-media upload to %s with 415', async (path, field, message, auth) => {
    const answer = await post(
      await connect(),
      path,
      notMediaForm(field, 20 * MB, { name: 'Refused' }),
      auth(),
    );
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'unsupported_file_type',
      message,
    });
    expect(filesUnder(t.blobs.root)).toEqual([]);
  });

  it('answer a 20 MB cover image over the cover limit with 413', async () => {
    // A JPEG's first bytes, then more than the cover limit allows.
    const jpeg = Buffer.alloc(20 * MB);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(jpeg);
    const form = multipartBody({
      name: 'Too big',
      coverImage: { filename: 'big.jpg', contentType: 'image/jpeg', content: jpeg },
    });
    const answer = await post(await connect(), '/api/user/playlists', form, listener.headers);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'upload_too_large',
      message: coverMessages.tooLarge,
    });
  });

  it('answer 401 to a visitor and 403 to a listener sending a 20 MB upload', async () => {
    const form = notMediaForm('audioFile', 20 * MB);
    const visitor = await post(await connect(), '/api/admin/songs', form, {});
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.body)).toMatchObject({ success: false });
    const user = await post(await connect(), '/api/admin/songs', form, listener.headers);
    expect(user.status).toBe(403);
    expect(JSON.parse(user.body)).toEqual({
      success: false,
      code: 'admins_only',
      message: 'Administrators only.',
    });
  });

  it('keep the connection for the next request after a refused upload of a few hundred kB', async () => {
    const connection = await connect();
    const refused = await post(
      connection,
      '/api/admin/songs/inspect',
      notMediaForm('audioFile', 300 * 1024),
      admin.headers,
    );
    expect(refused.status).toBe(415);
    const next = await connection.send({
      method: 'GET',
      path: '/api/general/config',
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(next.status).toBe(200);
    expect(connection.isOpen).toBe(true);
  });
});
