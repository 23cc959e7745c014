import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  readonly port: number;
  readonly dataDir: string;
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** Runs `npm start`'s script exactly as a user would, on a fresh data directory. */
async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-start-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_LIBRARY: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { port, dataDir, output: () => output, exited, kill: (signal) => child.kill(signal) };
}

async function waitForReady(server: Started): Promise<void> {
  await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('Cadenza is ready');
}

describe('npm start', () => {
  it('serves the app and API from an already built tree without rebuilding', async () => {
    const server = await npmStart();
    await waitForReady(server);
    expect(server.output()).not.toContain('Building Cadenza');
    const page = await fetch(`http://127.0.0.1:${server.port}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`http://127.0.0.1:${server.port}/api/general/config`);
    expect((await api.json()).data.productName).toBe('Cadenza');
    expect(fs.existsSync(path.join(server.dataDir, 'cadenza.db'))).toBe(true);
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('prints the generated administrator credentials once, on the first start only', async () => {
    const first = await npmStart();
    await waitForReady(first);
    expect(first.output()).toMatch(/password: \S{16}/);
    first.kill('SIGTERM');
    await first.exited;
    const second = await npmStart({ DATA_DIR: first.dataDir });
    await waitForReady(second);
    expect(second.output()).not.toContain('password:');
    second.kill('SIGTERM');
    await second.exited;
  });

  it('on SIGTERM lets a request in flight finish, then closes the database and exits 0', async () => {
    const server = await npmStart();
    await waitForReady(server);

    // Send half of a request, then SIGTERM, then the rest: the answer must still come.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever' });
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(10));
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 401/);
    expect(response).toContain('Invalid email or password');
    expect(await server.exited).toBe(0);
    // better-sqlite3 removes the write-ahead log when the last connection closes cleanly.
    expect(fs.existsSync(path.join(server.dataDir, 'cadenza.db-wal'))).toBe(false);
  });

  it.each([
    ['PORT', 'abc', 'Invalid configuration: PORT must be a port number (0-65535) (got "abc")'],
    [
      'DATABASE_URL',
      'nonsense',
      // A URL that cannot be read may hold a password: it is named, never shown.
      'Invalid configuration: DATABASE_URL must be a postgres:// connection URL',
    ],
  ])('stops at once on %s=%s with one clear line', async (variable, value, line) => {
    const server = await npmStart({ [variable]: value });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(line);
  });
});
