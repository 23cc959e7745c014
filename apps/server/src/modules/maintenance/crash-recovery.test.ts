import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { filesUnder, mp3Bytes, pngBytes } from '../../../test/media-files';

/**
 * The real server (src/main.ts under tsx, no build needed) is killed with SIGKILL in the middle
 * of an upload, then started again on the same data directory: the cover it had stored and the
 * half-written audio file must be gone, and no song row must exist.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'admin@cadenza.test', password: 'admin-password-1' };
const STARTED = 'maintenance: start-up sweep finished';

interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  stop(signal: NodeJS.Signals): Promise<void>;
}

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on `dataDir` and resolves once it listens. */
function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_LIBRARY: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (!url) return;
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: Buffer) => (output += more.toString()));
      resolve({
        url,
        child,
        output: () => output,
        async stop(signal) {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`)),
    );
  });
}

async function logIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Starts uploading a song (title, artist, a cover, then audio) and never finishes it. */
function startEndlessUpload(url: string, token: string): http.ClientRequest {
  const boundary = 'cadenza-crash-test';
  const request = http.request(`${url}/api/admin/songs`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  // The server dies under it: the connection error is the point.
  request.on('error', () => undefined);
  const field = (name: string, value: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (name: string, filename: string, type: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
    `content-type: ${type}\r\n\r\n`;
  request.write(field('title', 'Never Finished'));
  request.write(field('artist', 'Crash Test'));
  request.write(fileHead('coverImage', 'cover.png', 'image/png'));
  request.write(Buffer.concat([pngBytes('crash'), Buffer.from('\r\n')]));
  request.write(fileHead('audioFile', 'long.mp3', 'audio/mpeg'));
  // About 1 MB of a much longer file: the rest never comes.
  request.write(mp3Bytes(2500));
  return request;
}

describe('after a crash in the middle of an upload', () => {
  it(
    'the next start removes the stored cover and the unfinished audio, and has no row',
    { timeout: 60_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-crash-'));
      dataDirs.push(dataDir);
      const media = path.join(dataDir, 'media');

      const first = await startServer(dataDir);
      const upload = startEndlessUpload(first.url, await logIn(first.url));
      // Wait until the cover is stored and the audio is being written.
      await expect
        .poll(
          () => {
            const files = filesUnder(media);
            const writing = files.filter((file) => file.startsWith('.tmp/'));
            const growing = writing.some((file) => fs.statSync(path.join(media, file)).size > 0);
            return growing && files.some((file) => file.startsWith('images/'));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await first.stop('SIGKILL');
      upload.destroy();
      const left = filesUnder(media);
      expect(left.filter((file) => file.startsWith('images/'))).toHaveLength(1);
      expect(left.filter((file) => file.startsWith('.tmp/'))).toHaveLength(1);

      const second = await startServer(dataDir);
      try {
        await expect.poll(() => second.output(), { timeout: 15_000 }).toContain(STARTED);
        expect(filesUnder(media)).toEqual([]);
        expect(second.output()).toContain(
          'maintenance: start-up sweep removed 1 orphaned media files, 1 unfinished uploads',
        );
        const songs = await fetch(`${second.url}/api/admin/songs`, {
          headers: { authorization: `Bearer ${await logIn(second.url)}` },
        });
        expect(((await songs.json()) as { data: unknown[] }).data).toEqual([]);
      } finally {
        await second.stop('SIGTERM');
      }
    },
  );
});
