import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { filesUnder } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Uploads with the media in a bucket: what is taken lands there, what is refused nowhere. */

let s3: S3TestServer;
let t: TestApp;
let admin: CreatedUser;
const mp3 = taggedMp3();

beforeAll(async () => {
  s3 = await startS3TestServer();
  // A limit between the MP3 (about 600 KB) and twice its size.
  const limitMb = ((mp3.length * 1.5) / (1024 * 1024)).toFixed(3);
  t = await createTestApp({
    env: { ...s3.env(await s3.createBucket(), 'redirect'), UPLOAD_MAX_MB: limitMb },
  });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function objectsInBucket(): Promise<string[]> {
  const keys: string[] = [];
  for await (const listing of t.container.objects.list()) keys.push(listing.key);
  return keys.sort();
}

const later = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

function upload(content: Buffer, title: string) {
  const { payload, headers } = multipartBody({
    title,
    audioFile: { filename: 'song.mp3', contentType: 'audio/mpeg', content },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/songs',
    headers: { ...admin.headers, ...headers },
    payload,
  });
}

describe('admin song uploads with STORAGE=s3', () => {
  it('refuses a file over the limit, leaving no row, no object and no unfinished upload', async () => {
    const big = Buffer.concat([mp3, mp3, mp3]);
    const res = await upload(big, 'Too big');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'upload_too_large' });
    expect(await t.database.db.selectFrom('songs').select('id').execute()).toEqual([]);
    expect(await objectsInBucket()).toEqual([]);
    expect(await t.container.objects.removeStaleTemporaries(later())).toEqual([]);
  });

  it('stores an upload in the bucket with its type, and nothing on the node', async () => {
    const res = await upload(mp3, 'Taken');
    expect(res.statusCode).toBe(201);
    const { audioFile } = res.json().data as { audioFile: string };
    const row = await t.database.db
      .selectFrom('songs')
      .select(['audio_key', 'audio_bytes'])
      .executeTakeFirstOrThrow();
    expect(await t.container.objects.head(row.audio_key)).toMatchObject({
      bytes: mp3.length,
      contentType: 'audio/mpeg',
    });
    expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);

    const play = await t.app.inject({ url: audioFile });
    expect(play.statusCode).toBe(302);
    const fetched = await fetch(String(play.headers.location));
    expect(Buffer.from(await fetched.arrayBuffer()).equals(mp3)).toBe(true);
  });
});
