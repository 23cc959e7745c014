// The built server with the demo library, for the benchmarks that drive it from a browser.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from '../../scripts/lib.mjs';

export const HOST = '127.0.0.1';
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
export const WEB_INDEX = path.join(root, 'apps/web/dist/index.html');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, allowed to start sound without a gesture: the benches that play
 * songs drive the web player with it.
 */
export function launchSoundBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}
/** How the web app keeps a remembered session (apps/web/src/lib/session-storage.ts). */
export const SESSION_STORAGE_KEYS = { token: 'token', user: 'user' };
const STARTUP_TIMEOUT_MS = 120_000;

/** A benchmark's own failure: printed as a message, not a stack. */
export class BenchError extends Error {}

/**
 * Stops a browser benchmark before it starts unless the server and the web app are built and
 * Debian's Chromium is installed.
 */
export function assertBrowserBenchReady() {
  for (const [file, what] of [
    [SERVER_ENTRY, 'the server'],
    [WEB_INDEX, 'the web app'],
  ]) {
    if (!fs.existsSync(file))
      throw new BenchError(`${what} is not built: run \`npm run build\` first`);
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new BenchError(`no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The built server on a free port with a temporary data directory, so with the demo library and
 * the given administrator (and any `env` of the caller's, e.g. a MUSIC_DIR). Answers once the
 * library is in: the latest songs list has some.
 *
 * @param {{ name: string, admin: { email: string, password: string }, env?: Record<string, string> }} options
 */
export async function startDemoServer({ name, admin, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cadenza-${name}-`));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DEMO_LIBRARY: 'true',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://${HOST}:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new BenchError(`the server exited:\n${output}`);
    try {
      const ready = await fetch(`${url}/api/ready`);
      const songs = ready.ok ? await fetch(`${url}/api/general/songs`) : null;
      const list = songs?.ok ? (await songs.json()).data : [];
      if (Array.isArray(list) && list.length > 0) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new BenchError(
    `the server was not ready within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output}`,
  );
}

/** Signs a listener up through the API: the session the web app would keep after it. */
export async function signUpListener(url, listener) {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(listener),
  });
  const body = await res.json();
  if (!res.ok || typeof body.token !== 'string') {
    throw new BenchError(`could not sign the listener up: ${res.status} ${JSON.stringify(body)}`);
  }
  return { token: body.token, user: body.user };
}
