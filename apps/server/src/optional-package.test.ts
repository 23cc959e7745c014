import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Packages that only S3 storage, PostgreSQL, Redis, SMTP or a picture to resize need. */
const OPTIONAL_PACKAGES = [
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@aws-sdk/s3-request-presigner',
  'pg',
  'ioredis',
  'nodemailer',
  'sharp',
];
/**
 * Preloaded into the server: when it exits, writes the npm packages whose CommonJS files it
 * loaded (all of the above are CommonJS) to stderr as one JSON line.
 */
const REPORTER = `data:text/javascript,${encodeURIComponent(`
  import { createRequire } from 'node:module';
  const cache = createRequire(process.cwd() + '/').cache;
  process.on('exit', () => {
    const names = Object.keys(cache)
      .filter((file) => file.includes('/node_modules/'))
      .map((file) => {
        const parts = file.split('/node_modules/').pop().split('/');
        return parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0];
      });
    process.stderr.write('\\nloaded: ' + JSON.stringify([...new Set(names)]) + '\\n');
  });
`)}`;

const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts src/main.ts until it says it is ready, stops it, and answers the packages it loaded. */
async function packagesLoadedByAStart(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-packages-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REPORTER, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'optional-packages-password',
      // The demo library resizes its covers (sharp): a library that has songs already does not.
      DEMO_LIBRARY: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('Cadenza is ready')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise((resolve) => child.once('close', resolve));
  const line = stderr.split('\n').find((entry) => entry.startsWith('loaded: '));
  if (!stdout.includes('Cadenza is ready') || !line) {
    throw new Error(`the server did not start and stop:\n${stdout}\n${stderr}`);
  }
  return JSON.parse(line.slice('loaded: '.length)) as string[];
}

describe('a server on SQLite with media on disk, without Redis or SMTP', () => {
  it('starts without loading the packages other set-ups need', async () => {
    const loaded = await packagesLoadedByAStart();
    // The reporter sees CommonJS packages: the server's own are among them.
    expect(loaded).toContain('better-sqlite3');
    expect(loaded.filter((name) => OPTIONAL_PACKAGES.includes(name))).toEqual([]);
  }, 60_000);
});
