import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIGURATION_ENTRY } from '../backup/backup-manifest';
import { readBackup } from '../backup/read-backup';
import { databaseEnv, runCadenza } from '../../test/cli';
import { createUser } from '../../test/factories';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/test-app';

/**
 * What `cadenza` prints, and the configuration a backup keeps, with every secret of the
 * configuration set: none of them appears anywhere.
 */

let t: TestApp;
let work: string;
beforeEach(async () => {
  t = await createTestApp();
  await createUser(t);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-cli-secrets-'));
});
afterEach(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const SMTP_PASSWORD = 'smtp-password-31337';
const METRICS_TOKEN = 'metrics-token-1414213562';
const DATABASE_PASSWORD = 'database-password-1618';

function environment(): Record<string, string> {
  const env: Record<string, string> = {
    DATA_DIR: t.dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:9/`,
    METRICS_TOKEN,
    ...databaseEnv(t),
  };
  if (env.DATABASE_URL) {
    // Trust authentication takes any password; the command must never show it.
    const url = new URL(env.DATABASE_URL);
    url.password = DATABASE_PASSWORD;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

describe('secrets and the command line', () => {
  it(
    'never prints a secret of the configuration, nor keeps one in a backup but the signing key',
    { timeout: 120_000 },
    async () => {
      const env = environment();
      const runs = [
        await runCadenza(['doctor'], env),
        await runCadenza(['users', 'list'], env),
        await runCadenza(['backup', '--to', work], env),
        await runCadenza(['backup', '--to', work, '--unknown'], env),
        await runCadenza(['restore', path.join(work, 'missing.tar.gz')], env),
      ];
      const printed = runs.map((run) => run.stdout + run.stderr).join('\n');
      expect(printed).toContain('Backed up 1 account');
      expect(printed).toContain('mail');

      const [archive] = fs.readdirSync(work).filter((name) => name.endsWith('.tar.gz'));
      const backup = await readBackup(
        path.join(work, archive ?? ''),
        fs.mkdtempSync(path.join(work, 'x-')),
      );
      const configuration = fs.readFileSync(backup.fileOf(CONFIGURATION_ENTRY), 'utf8');
      expect(configuration).toContain('SMTP_URL=smtp://127.0.0.1:9/\n');
      expect(configuration).toContain('JWT_SECRET=(secret, not kept)\n');
      expect(configuration).toContain('METRICS_TOKEN=(secret, not kept)\n');

      for (const secret of [SMTP_PASSWORD, METRICS_TOKEN, DATABASE_PASSWORD, TEST_JWT_SECRET]) {
        expect(printed).not.toContain(secret);
        expect(configuration).not.toContain(secret);
      }
    },
  );
});
