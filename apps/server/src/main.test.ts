import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs src/main.ts (under tsx) until it exits; its exit code and both outputs. */
function runServer(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-main-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('start-up with a bad configuration', () => {
  it('stops with one line when DATABASE_URL is set without JWT_SECRET', async () => {
    // Never reached: the configuration is refused before any connection is opened.
    const result = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (every server node must sign with it)\n',
    );
  });

  it('names a bad JWT_SECRET and its rule without showing it', async () => {
    const result = await runServer({ JWT_SECRET: 'not-long-enough-secret' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe(
      'Invalid configuration: JWT_SECRET must be at least 32 characters\n',
    );
    expect(result.stdout + result.stderr).not.toContain('not-long-enough-secret');
  });
});
