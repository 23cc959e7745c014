import fs from 'node:fs';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeCover } from '../../test/covers';
import { mp3Bytes } from '../../test/media-bytes';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import { createSong } from '../../test/songs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { ContentTypes } from '../modules/delivery/content-types';
import { MediaTypesRepository } from '../modules/delivery/media-types.repository';
import { migrateObjects, type MigrateOptions, type MigrationProgress } from './migrate-objects';
import type { ObjectStore } from './object-store';
import { createS3Client, S3ObjectStore } from './s3-object-store';

let s3: S3TestServer;
/** A library on the local disk: songs, one with a cover, and a cover of its own. */
let t: TestApp;
let keys: string[];
beforeAll(async () => {
  s3 = await startS3TestServer();
  t = await createTestApp();
  const picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#0ea5e9' },
  })
    .jpeg()
    .toBuffer();
  for (let index = 0; index < 4; index += 1) {
    await createSong(t, {
      audio: mp3Bytes(20_000 + index),
      cover: index === 0 ? picture : null,
    });
  }
  await storeCover(t, await sharp(picture).png().toBuffer());
  keys = [];
  for await (const listing of t.blobs.list()) keys.push(listing.key);
  keys.sort();
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

let bucket: string;
let target: S3ObjectStore;
beforeEach(async () => {
  bucket = await s3.createBucket();
  const settings = loadConfig(s3.env(bucket)).s3;
  if (!settings) throw new Error('the test environment names no bucket');
  target = new S3ObjectStore(createS3Client(settings), bucket);
});

function options(extra: Partial<MigrateOptions> = {}): MigrateOptions {
  const types = new ContentTypes(new MediaTypesRepository(t.database.db));
  return { contentTypeOf: (key, head) => types.of(key, head), ...extra };
}

async function expectSameContent(key: string) {
  const [copy, original] = await Promise.all([
    buffer(await target.get(key)),
    buffer(await t.blobs.get(key)),
  ]);
  expect(copy.equals(original)).toBe(true);
}

/** Flips the first byte of an object in the S3 server's own files, keeping its size. */
function damage(key: string) {
  const file = s3.objectFile(bucket, key);
  const bytes = fs.readFileSync(file);
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  fs.writeFileSync(file, bytes);
}

describe('migrateObjects', () => {
  it('copies every song and cover with its type, then copies nothing the second time', async () => {
    expect(keys.filter((key) => key.startsWith('audio/'))).toHaveLength(4);
    expect(keys.filter((key) => key.startsWith('images/'))).toHaveLength(2);
    const progress: MigrationProgress[] = [];
    const first = await migrateObjects(
      t.blobs,
      target,
      options({ onProgress: (step) => progress.push(step) }),
    );
    expect(first).toMatchObject({
      total: keys.length,
      copied: keys.length,
      skipped: 0,
      replaced: 0,
      failures: [],
      interrupted: false,
    });
    expect(progress.map((step) => step.done)).toEqual(keys.map((_, index) => index + 1));
    for (const key of keys) await expectSameContent(key);
    const audio = keys.find((key) => key.startsWith('audio/')) ?? '';
    const cover = keys.find((key) => key.startsWith('images/')) ?? '';
    expect((await target.head(audio))?.contentType).toBe('audio/mpeg');
    expect((await target.head(cover))?.contentType).toMatch(/^image\/(jpeg|png)$/);

    const second = await migrateObjects(t.blobs, target, options());
    expect(second).toMatchObject({ copied: 0, replaced: 0, skipped: keys.length, bytes: 0 });
  });

  it('resumes an interrupted run where it stopped', async () => {
    const stop = new AbortController();
    const interrupted = await migrateObjects(
      t.blobs,
      target,
      options({ signal: stop.signal, onProgress: (step) => step.done === 2 && stop.abort() }),
    );
    expect(interrupted).toMatchObject({ copied: 2, interrupted: true });
    const listed: string[] = [];
    for await (const listing of target.list()) listed.push(listing.key);
    expect(listed).toHaveLength(2);

    const resumed = await migrateObjects(t.blobs, target, options());
    expect(resumed).toMatchObject({
      copied: keys.length - 2,
      skipped: 2,
      failures: [],
      interrupted: false,
    });
    for (const key of keys) await expectSameContent(key);
  });

  it('finds a copy damaged since, by its SHA-256, and copies it anew', async () => {
    await migrateObjects(t.blobs, target, options());
    const [damaged = ''] = keys;
    damage(damaged);
    const again = await migrateObjects(t.blobs, target, options());
    expect(again).toMatchObject({ replaced: 1, copied: 0, skipped: keys.length - 1 });
    await expectSameContent(damaged);
  });

  it('reports a copy that does not read back as it was sent, and leaves it for the next run', async () => {
    const [victim = ''] = keys;
    // The bucket spoils this one object as it is stored.
    const spoiling: ObjectStore = {
      head: (key) => target.head(key),
      get: (key, range) => target.get(key, range),
      getBytes: (key, range) => target.getBytes(key, range),
      delete: (key) => target.delete(key),
      put: async (key, source, putOptions) => {
        const put = await target.put(key, source, putOptions);
        if (key === victim) damage(key);
        return put;
      },
    };
    const spoiled = await migrateObjects(t.blobs, spoiling, options());
    expect(spoiled.copied).toBe(keys.length - 1);
    expect(spoiled.failures).toEqual([
      { key: victim, reason: expect.stringMatching(/^the copy reads back as sha256 .* corrupted/) },
    ]);

    const repaired = await migrateObjects(t.blobs, target, options());
    expect(repaired).toMatchObject({ replaced: 1, skipped: keys.length - 1, failures: [] });
    await expectSameContent(victim);
  });
});
