import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPostgresBinaries,
  freePort,
  startPostgresCluster,
  type PostgresCluster,
} from '../../test/postgres-cluster';

/**
 * The real server process (src/main.ts through tsx) on a PostgreSQL server of the test's own,
 * which the test restarts and stops while requests flow. Skipped only where PostgreSQL's
 * binaries are missing, and never under CI.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binaries = findPostgresBinaries();
const ci = process.env.CI === 'true' || process.env.CI === '1';
const ADMIN = { email: 'admin@outage.test', password: 'admin-password-1' };
const UNAVAILABLE = 'The database is unavailable right now. Please try again in a moment.';
/** A request that takes longer than this hangs, which is a failure of its own. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How soon after the database is back the server must serve again. */
const RECOVERY_MS = 5_000;

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly retryAfter: string | null;
}

let cluster: PostgresCluster;
let server: ChildProcess;
let baseUrl: string;
let output = '';
let exit: { code: number | null; signal: string | null } | null = null;

async function request(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${baseUrl}${url}`, {
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, and the assertions say so.
  }
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

function expectAlive(): void {
  expect(exit, `the server process ended:\n${output}`).toBeNull();
}

/** Asks until the answer is 200; resolves with how long that took. */
async function untilServing(url: string, deadlineMs: number): Promise<number> {
  const started = Date.now();
  let last: Answer | string = 'no answer';
  while (Date.now() - started < deadlineMs) {
    try {
      last = await request(url);
      if (last.status === 200) return Date.now() - started;
    } catch (error) {
      last = String(error);
    }
    expectAlive();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `not serving ${url} after ${deadlineMs} ms; last answer: ${JSON.stringify(last)}`,
  );
}

/** Requests in a loop from a few workers until `stop()`; every answer is kept. */
function load(url: string, workers: number) {
  const answers: Answer[] = [];
  const failures: string[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        answers.push(await request(url));
      } catch (error) {
        // A hang (timeout) or a dropped connection: neither may happen.
        failures.push(String(error));
      }
    }
  });
  return {
    answers,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(!binaries && !ci)('the server while PostgreSQL restarts', () => {
  beforeAll(async () => {
    if (!binaries) throw new Error('initdb and pg_ctl are needed: install PostgreSQL');
    cluster = await startPostgresCluster(binaries);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-outage-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        JWT_SECRET: 'outage-test-secret-that-is-long-enough',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_LIBRARY: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.once('exit', (code, signal) => (exit = { code, signal }));
    server.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await untilServing('/api/ready', 60_000);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const ended = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await ended;
    }
    await cluster?.destroy();
  }, 60_000);

  it('survives a restart under load and serves again within 5 s of the database being back', async () => {
    const traffic = load('/api/general/songs', 4);
    while (traffic.answers.filter((answer) => answer.status === 200).length < 20) {
      expectAlive();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    await cluster.restart();
    const recovery = await untilServing('/api/general/songs', RECOVERY_MS);
    await traffic.stop();

    expectAlive();
    expect(traffic.failures).toEqual([]);
    // Every answer was a success or the JSON 503 of an unavailable database; nothing else.
    const others = traffic.answers.filter(
      (answer) =>
        answer.status !== 200 &&
        !(
          answer.status === 503 &&
          JSON.stringify(answer.body) ===
            JSON.stringify({ success: false, code: 'service_unavailable', message: UNAVAILABLE })
        ),
    );
    expect(others).toEqual([]);
    expect(recovery).toBeLessThan(RECOVERY_MS);
  }, 60_000);

  it('answers a JSON 503 with Retry-After while the database is down, and serves again once it is back', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const authorized = { authorization: `Bearer ${token}` };

    await cluster.stop();
    try {
      for (const answer of [
        await request('/api/general/songs'),
        // The token is checked against the database too: unavailable, not "please log in".
        await request('/api/user/profile', authorized),
      ]) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({
          success: false,
          code: 'service_unavailable',
          message: UNAVAILABLE,
        });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      const ready = await request('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        success: false,
        data: { checks: { database: { ok: false }, storage: { ok: true } } },
      });
      // Liveness asks nothing of the database: the process itself is fine.
      expect((await request('/api/health')).status).toBe(200);
      expectAlive();
    } finally {
      await cluster.start();
    }

    const recovery = await untilServing('/api/general/songs', RECOVERY_MS);
    expect(recovery).toBeLessThan(RECOVERY_MS);
    expect((await request('/api/user/profile', authorized)).status).toBe(200);
    expect((await request('/api/ready')).status).toBe(200);
    expectAlive();
  }, 60_000);
});
