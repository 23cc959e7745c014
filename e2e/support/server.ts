import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'admin@cadenza.test', password: 'admin-password-1' };

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly dataDir: string;
  /** What the server has logged so far (stdout and stderr). */
  output(): string;
  /** Ends the process at once (SIGKILL), as a crash or a lost machine would; keeps its data. */
  kill(): Promise<void>;
  /** Mail written since start (the outbox: no SMTP in tests). */
  outbox(): string[];
  stop(): Promise<void>;
}

/** Polls GET /api/ready until the server can serve (database, migrations and storage all fine). */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`server exited with ${exited}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server was not ready within 30 s (last answer: ${last}):\n${output()}`);
}

/**
 * Starts the built server (npm run build) on a free port with a fresh data directory: this
 * checkout's, or the one of another install (`installRoot`, a copy made as an image makes one).
 */
export async function startServer(
  env: Record<string, string> = {},
  { installRoot = root }: { readonly installRoot?: string } = {},
): Promise<RunningServer> {
  const main = path.join(installRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('The server is not built: run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: installRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => output);

  const outboxDir = path.join(dataDir, 'outbox');
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    outbox() {
      if (!fs.existsSync(outboxDir)) return [];
      return fs
        .readdirSync(outboxDir)
        .sort()
        .map((file) => fs.readFileSync(path.join(outboxDir, file), 'utf8').replace(/=\r?\n/g, ''));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
