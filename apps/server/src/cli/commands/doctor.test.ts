import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runCadenza } from '../../../test/cli';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** `cadenza doctor` in a process of its own, against SQLite data folders of its own. */

const made: string[] = [];
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-doctor-'));
  made.push(dir);
  return dir;
}

const TIMEOUT = { timeout: 60_000 };

/** The doctor's line for one check: `  ok    database       …`. */
function line(stdout: string, name: string): string {
  return (
    stdout.split('\n').find((text) => new RegExp(`^ {2}\\S+ +${name} {2}`, 'u').test(text)) ?? ''
  );
}

describe('cadenza doctor', () => {
  it('finds a new install sound, its database empty until the server starts', TIMEOUT, async () => {
    const dataDir = tempDir();
    const music = tempDir();
    const run = await runCadenza(['doctor'], {
      DATA_DIR: dataDir,
      MUSIC_DIR: music,
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Cadenza doctor: what this install has, as the server would find it\.\n/u,
    );
    expect(line(run.stdout, 'configuration')).toMatch(
      /^ {2}ok {4}configuration {2}valid: production/u,
    );
    expect(line(run.stdout, 'database')).toBe(
      `  warn  database       SQLite at ${path.join(dataDir, 'cadenza.db')} answers; it is empty until the server first starts`,
    );
    expect(line(run.stdout, 'storage')).toBe(
      `  ok    storage        ${path.join(dataDir, 'media')} can be written to`,
    );
    expect(line(run.stdout, 'music folders')).toBe(`  ok    music folders  ${music} can be read`);
    expect(line(run.stdout, 'ffmpeg')).toMatch(
      /^ {2}ok {4}ffmpeg {9}ffmpeg \S+ found: streams can be transcoded to /u,
    );
    expect(line(run.stdout, 'mail')).toContain(
      `no SMTP_URL: mail is written to ${path.join(dataDir, 'outbox')}`,
    );
    expect(line(run.stdout, 'redis')).toBe(
      '  ok    redis          Redis at 127.0.0.1:6379 answers',
    );
    expect(run.stdout).toMatch(/\n6 ok, 1 warning, 0 failures\.\n$/u);
  });

  it(
    'says the migrations are applied once a server ran, and names a newer release',
    TIMEOUT,
    async () => {
      t = await createTestApp({ sqlite: { busyTimeoutMs: 5000 } });
      const before = await runCadenza(['doctor'], { DATA_DIR: t.dataDir });
      expect(before.code).toBe(0);
      expect(line(before.stdout, 'database')).toMatch(
        /^ {2}ok {4}database .* answers; all \d+ migrations are applied$/u,
      );

      // A newer release ran one more migration on this database.
      const db = new SQLite(path.join(t.dataDir, 'cadenza.db'));
      db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run(
        '2099-01-01-from-the-future',
        new Date().toISOString(),
      );
      db.close();
      const after = await runCadenza(['doctor'], { DATA_DIR: t.dataDir });
      expect(after.code).toBe(1);
      expect(line(after.stdout, 'database')).toMatch(
        /^ {2}FAIL {2}database .* was changed by a newer release of Cadenza \(1 migrations this one does not know, the last 2099-01-01-from-the-future\)$/u,
      );
    },
  );

  it('fails on mail it cannot send, without showing the login', TIMEOUT, async () => {
    const run = await runCadenza(['doctor'], {
      DATA_DIR: tempDir(),
      SMTP_URL: 'smtp://mailer:very-secret-word@127.0.0.1:1',
    });
    expect(run.code).toBe(1);
    expect(line(run.stdout, 'mail')).toMatch(/^ {2}FAIL {2}mail {11}.*ECONNREFUSED/u);
    expect(run.stdout + run.stderr).not.toContain('very-secret-word');
    expect(run.stdout).toMatch(/\n\d ok, 1 warning, 1 failure\.\n$/u);
  });

  it('stops at a configuration the server would refuse, naming the setting', TIMEOUT, async () => {
    const run = await runCadenza(['doctor'], { DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(line(run.stdout, 'configuration')).toMatch(
      /^ {2}FAIL {2}configuration {2}Invalid configuration: PORT /u,
    );
    expect(run.stdout).toMatch(/\n0 ok, 0 warnings, 1 failure\.\n$/u);
  });
});
