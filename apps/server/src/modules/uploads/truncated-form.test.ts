import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, type CreatedUser } from '../../../test/factories';
import { listenLocally, request } from '../../../test/http-client';
import { filesUnder, mp3Bytes, pngBytes } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A multipart body that ends inside a part: the HTTP body is complete (its Content-Length is
 * right), but the form's closing boundary never comes. That is the client's mistake (400), and
 * the connection stays usable for the client's next request.
 */
let t: TestApp;
let admin: CreatedUser;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  port = await listenLocally(t.app);
});
afterAll(() => t.close());

const MALFORMED = {
  success: false,
  code: 'malformed_multipart',
  message: 'The form data is malformed or incomplete.',
};

/** A form whose last part is cut off after `keep` bytes of its content. */
function truncatedForm(
  fields: Record<string, string>,
  file: { name: string; filename: string; contentType: string; content: Buffer },
  keep: number,
) {
  const { payload, headers } = multipartBody({ ...fields, [file.name]: file });
  const end = payload.lastIndexOf(file.content) + keep;
  return { body: payload.subarray(0, end), contentType: headers['content-type'] };
}

const audioFile = () => ({
  name: 'audioFile',
  filename: 'cut.mp3',
  contentType: 'audio/mpeg',
  content: mp3Bytes(40),
});
const coverImage = () => ({
  name: 'coverImage',
  filename: 'cut.png',
  contentType: 'image/png',
  content: pngBytes('x'.repeat(4000)),
});

async function songCount(): Promise<number> {
  const rows = await t.database.db.selectFrom('songs').select('id').execute();
  return rows.length;
}

describe('a multipart body that ends inside a part', () => {
  it.each([
    ['POST', '/api/admin/songs', audioFile],
    ['PUT', '/api/admin/songs/:song', audioFile],
    ['POST', '/api/admin/songs/inspect', audioFile],
    ['POST', '/api/user/playlists', coverImage],
    ['POST', '/api/admin/playlists', coverImage],
    ['PUT', '/api/admin/playlists/:playlist', coverImage],
  ] as const)(
    '%s %s is 400, and the connection serves the next request',
    async (method, route, file) => {
      const song = await createSong(t);
      const playlist = await createPlaylist(t, admin);
      const path = route.replace(':song', song.song._id).replace(':playlist', playlist);
      const filesBefore = filesUnder(t.blobs.root);
      const songsBefore = await songCount();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const form = truncatedForm({ title: 'Cut', artist: 'Off', name: 'Cut off' }, file(), 1000);
        const res = await request(agent, port, {
          method,
          path,
          headers: { ...admin.headers, 'content-type': form.contentType },
          body: form.body,
        });
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toEqual(MALFORMED);
        expect(res.headers.connection).not.toBe('close');

        const next = await request(agent, port, { path: '/api/general/config' });
        expect(next.status).toBe(200);
        expect(next.reusedSocket).toBe(true);
      } finally {
        agent.destroy();
      }
      expect(filesUnder(t.blobs.root)).toEqual(filesBefore);
      expect(await songCount()).toBe(songsBefore);
    },
  );

  it('is 400 when the body ends inside a text field', async () => {
    const { payload, headers } = multipartBody({ title: 'A title that is cut off' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/songs',
      headers: { ...admin.headers, ...headers },
      payload: payload.subarray(0, payload.indexOf('cut off')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(MALFORMED);
  });
});
