import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { canMountTmpfs, mountTmpfs } from '../../../test/tmpfs';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function start(): Promise<TestApp> {
  t = await createTestApp();
  return t;
}

const allPassed = {
  status: 'ready',
  checks: {
    database: { ok: true, message: expect.any(String) },
    migrations: { ok: true, message: expect.any(String) },
    storage: { ok: true, message: expect.any(String) },
  },
  // The test servers are started without a PATH: no ffmpeg, which is information, not a failure.
  transcoding: { available: false, version: null, formats: [] },
};

describe('GET /api/health', () => {
  it('answers ok without a token', async () => {
    const { app } = await start();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers ok even when the database is gone, since it asks nothing of it', async () => {
    const { app, database } = await start();
    await database.close();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });
});

describe('GET /api/ready', () => {
  it('answers 200 with every check passed on a migrated database and a writable store', async () => {
    const { app } = await start();
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: allPassed });
  });

  it('leaves nothing behind in the media store', async () => {
    const { app, dataDir } = await start();
    await app.inject({ url: '/api/ready' });
    const media = path.join(dataDir, 'media');
    const left = fs
      .readdirSync(media, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    expect(left).toEqual([]);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const { app, database } = await start();
    await database.close();
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 'service_unavailable',
      message: expect.stringContaining('database'),
      data: { status: 'not_ready', checks: { database: { ok: false }, storage: { ok: true } } },
    });
  });

  it('names every failed check in its message, in the order they are reported', async () => {
    const { app, database, dataDir } = await start();
    await database.close();
    fs.writeFileSync(path.join(dataDir, 'media'), 'not a folder');
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'Not ready: the database and migrations and storage checks failed.',
    );
  });

  it('answers 503 naming the pending migration when one is not applied', async () => {
    const { app, database } = await start();
    await sql`DELETE FROM kysely_migration WHERE name = ${'2026-11-21-song-search-fields'}`.execute(
      database.db,
    );
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toContain('migration');
    expect(body.data.status).toBe('not_ready');
    expect(body.data.checks.database.ok).toBe(true);
    expect(body.data.checks.migrations).toEqual({
      ok: false,
      message: expect.stringContaining('2026-11-21-song-search-fields'),
    });
  });

  it('answers 503 naming the storage when the media store cannot be written', async () => {
    const { app, dataDir } = await start();
    // A file where the store's folder should be: no write can succeed, even as root.
    fs.writeFileSync(path.join(dataDir, 'media'), 'not a folder');
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.message).toContain('storage');
    expect(body.data.checks.storage.ok).toBe(false);
    expect(body.data.checks.database.ok).toBe(true);
    expect(body.data.checks.migrations.ok).toBe(true);
  });

  it.skipIf(!canMountTmpfs && process.env.CI !== 'true')(
    'answers 503 naming the storage when the disk under the media store is full',
    async () => {
      const { app, dataDir } = await start();
      const disk = await mountTmpfs(path.join(dataDir, 'media'), 1024 * 1024);
      try {
        disk.fill();
        const res = await app.inject({ url: '/api/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json().data.checks.storage.ok).toBe(false);
        expect(res.json().data.checks.database.ok).toBe(true);

        disk.empty();
        const again = await app.inject({ url: '/api/ready' });
        expect(again.statusCode).toBe(200);
        const left = fs.readdirSync(disk.dir, { recursive: true, withFileTypes: true });
        expect(left.filter((entry) => entry.isFile())).toEqual([]);
      } finally {
        await disk.unmount();
      }
    },
  );

  it('is listed in the API documentation', async () => {
    const { app } = await start();
    const paths = (await app.inject({ url: '/api/docs/json' })).json().paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
    expect(Object.keys(paths['/api/ready'].get.responses)).toEqual(['200', '503']);
  });
});
