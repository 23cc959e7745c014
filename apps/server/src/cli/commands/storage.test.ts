import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCadenza } from '../../../test/cli';
import { mp3Bytes } from '../../../test/media-bytes';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';

/**
 * `cadenza storage migrate --to s3` as a terminal runs it, in its own process, with a SQLite
 * data folder of its own and a bucket of the in-process S3 server. Its stderr is no terminal
 * here, so progress comes as plain lines.
 */

let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3TestServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-data-'));
  fs.mkdirSync(path.join(dataDir, 'media', 'audio'), { recursive: true });
  for (const id of [
    '0190a0a0-0000-7000-8000-000000000001',
    '0190a0a0-0000-7000-8000-000000000002',
  ]) {
    fs.writeFileSync(path.join(dataDir, 'media', 'audio', id), mp3Bytes(50_000));
  }
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await s3.close();
});

function runMigrate(args: string[], env: Record<string, string>) {
  return runCadenza(['storage', 'migrate', ...args], env);
}

describe('cadenza storage migrate', () => {
  it(
    'copies the media folder with progress lines, switches nothing and says what to set',
    { timeout: 60_000 },
    async () => {
      const {
        STORAGE: _storage,
        MEDIA_DELIVERY: _delivery,
        ...bucket
      } = s3.env(await s3.createBucket());
      const env = { DATA_DIR: dataDir, ...bucket };

      const first = await runMigrate(['--to', 's3'], env);
      expect(first.stderr).toMatch(/^\[#+\] 2\/2 objects 100%/m);
      expect(first.stderr).not.toContain('\r');
      expect(first.stderr).toContain(
        '2 copied, 0 replaced (they differed), 0 already there, 0 failed',
      );
      expect(first.stderr).toContain('  STORAGE=s3\n');
      expect(first.code).toBe(0);
      expect(fs.readdirSync(path.join(dataDir, 'media', 'audio'))).toHaveLength(2);

      const second = await runMigrate(['--to', 's3'], env);
      expect(second.stderr).toContain('0 copied, 0 replaced (they differed), 2 already there');
      expect(second.code).toBe(0);
    },
  );

  it(
    'says how to call it when it lacks a destination, and stops with one line without a bucket',
    { timeout: 60_000 },
    async () => {
      const noTarget = await runMigrate([], { DATA_DIR: dataDir });
      expect(noTarget.stderr).toMatch(
        /^Say where to: --to s3\.\n\nUsage: cadenza storage migrate --to s3\n/,
      );
      expect(noTarget.code).toBe(2);
      const unknown = await runMigrate(['--from', 'disk'], { DATA_DIR: dataDir });
      expect(unknown.stderr).toContain("Unknown option '--from'");
      expect(unknown.code).toBe(2);
      const noBucket = await runMigrate(['--to', 's3'], { DATA_DIR: dataDir });
      expect(noBucket.stderr).toMatch(/^Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
      expect(noBucket.code).toBe(1);
    },
  );
});
