import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { filesUnder } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { canMountTmpfs, mountTmpfs, type Tmpfs } from '../../../test/tmpfs';

/**
 * Uploads whose storage fails under them: the bucket goes away mid-upload, the disk fills. The
 * client is told it was the server's storage (503 or 507, with Retry-After), never that its
 * form was malformed, and nothing of the upload is kept.
 */

/** About 20 MB of audio: several of the bucket's 8 MB parts, several times the small disk. */
const bigMp3 = Buffer.concat(Array.from({ length: 34 }, () => taggedMp3()));

interface Answer {
  readonly status: number;
  readonly body: { code?: string; message?: string };
  readonly retryAfter: string | undefined;
}

/**
 * Sends an upload over a real connection: `head` bytes of the body, then `midway()`, then the
 * rest. Writes the server no longer reads (it may answer before the body is in) are dropped.
 */
async function upload(
  t: TestApp,
  admin: CreatedUser,
  head: number,
  midway: () => Promise<void>,
): Promise<Answer> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { payload, headers } = multipartBody({
    title: 'Stored nowhere',
    artist: 'Nobody',
    audioFile: { filename: 'long.mp3', contentType: 'audio/mpeg', content: bigMp3 },
  });
  const request = http.request(`${address}/api/admin/songs`, {
    method: 'POST',
    agent: false,
    headers: { ...admin.headers, ...headers, 'content-length': String(payload.length) },
  });
  // The server may answer and close before reading everything: the writes it no longer reads
  // fail on the request and, once the answer has freed it, on the socket itself.
  request.on('error', () => undefined);
  request.on('socket', (socket) => socket.on('error', () => undefined));
  const answered = new Promise<Answer>((resolve, reject) => {
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('error', reject);
      res.once('end', () => {
        const retryAfter = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Answer['body'],
          retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
        });
      });
    });
  });
  request.write(payload.subarray(0, head));
  await midway();
  if (!request.destroyed) request.end(payload.subarray(head));
  return answered;
}

describe('an upload while the bucket goes away', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: CreatedUser;
  let bucket: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    bucket = await s3.createBucket();
    t = await createTestApp({ env: s3.env(bucket, 'proxy') });
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('answers 503 storage_unavailable with Retry-After and keeps no row and no object', async () => {
    const answer = await upload(t, admin, 10 * 1024 * 1024, async () => {
      // The first part is on its way to the bucket when it dies.
      await vi.waitFor(() => expect(s3.partsReceived).toBeGreaterThan(0), { timeout: 20_000 });
      await s3.kill();
    });

    expect(answer).toMatchObject({
      status: 503,
      body: {
        code: 'storage_unavailable',
        message: 'The media storage is unavailable right now. Please try again in a moment.',
      },
    });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(await t.database.db.selectFrom('songs').select('id').execute()).toEqual([]);
    const stored = filesUnder(path.join(s3.directory, bucket)).filter((file) =>
      file.endsWith('._S3rver_object'),
    );
    expect(stored).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
  }, 60_000);
});

describe.skipIf(!canMountTmpfs && process.env.CI !== 'true')('an upload to a full disk', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let disk: Tmpfs;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    disk = await mountTmpfs(path.join(t.dataDir, 'media'), 2 * 1024 * 1024);
  });
  afterAll(async () => {
    await disk?.unmount();
    await t?.close();
  });

  it('answers 507 storage_full with Retry-After and keeps no row and no file', async () => {
    const answer = await upload(t, admin, bigMp3.length / 2, async () => undefined);

    expect(answer).toMatchObject({
      status: 507,
      body: {
        code: 'storage_full',
        message: 'The media storage is full. Please try again later.',
      },
    });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(await t.database.db.selectFrom('songs').select('id').execute()).toEqual([]);
    expect(
      fs.readdirSync(disk.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()),
    ).toEqual([]);
  }, 60_000);
});
