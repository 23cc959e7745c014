import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { filesUnder } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

// An upload limit of about 300 KB, below the size of the demo MP3 (about 600 KB).
let t: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_MB: '0.3' } });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const tooBig = () => ({ filename: 'big.mp3', contentType: 'audio/mpeg', content: taggedMp3() });

async function songIds(): Promise<string[]> {
  const rows = await t.database.db.selectFrom('songs').select('id').execute();
  return rows.map((row) => row.id);
}

describe('admin song uploads that fail', () => {
  it('answer 413 over UPLOAD_MAX_MB and keep no row and no partial file', async () => {
    expect(taggedMp3().length).toBeGreaterThan(t.config.uploadMaxBytes);
    for (const url of ['/api/admin/songs', '/api/admin/songs/inspect']) {
      const { payload, headers } = multipartBody({ title: 'Too big', audioFile: tooBig() });
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...admin.headers, ...headers },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        success: false,
        code: 'upload_too_large',
        message: 'The file is larger than the upload limit.',
      });
      expect(filesUnder(t.blobs.root)).toEqual([]);
      expect(await songIds()).toEqual([]);
    }
  });

  it('leave no row and no file, temporary ones included, when the client goes away mid-upload', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { payload, headers } = multipartBody({
      title: 'Cut off',
      artist: 'Nobody',
      audioFile: { ...tooBig(), content: taggedMp3().subarray(0, 200_000) },
    });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/admin/songs HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${admin.headers.authorization}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, Math.floor(payload.length / 2)));

    // The server is writing the audio into a temporary file when the connection breaks.
    const tmpDir = path.join(t.blobs.root, '.tmp');
    await vi.waitFor(() => expect(fs.readdirSync(tmpDir).length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    socket.destroy();

    await vi.waitFor(() => expect(filesUnder(t.blobs.root)).toEqual([]), { timeout: 10_000 });
    expect(await songIds()).toEqual([]);
  });
});
