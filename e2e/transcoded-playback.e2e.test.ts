import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playUntil } from './support/audio-probe';
import { launchBrowser, openPage } from './support/browser';
import { ADMIN, startServer, type RunningServer } from './support/server';

const TONE_SECONDS = 6;

let server: RunningServer;
let browser: Browser;
let token: string;
let work: string;

/** A tone of `seconds` encoded by Debian's ffmpeg as `codec` in a file named `name`. */
function tone(name: string, codec: string, seconds = TONE_SECONDS): Buffer {
  const file = path.join(work, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
    ...['-ac', '2', '-c:a', codec, file],
  ]);
  return fs.readFileSync(file);
}

interface UploadedSong {
  readonly _id: string;
  readonly audioFile: string;
}

async function sendToLibrary(
  name: string,
  bytes: Buffer,
  to: RunningServer = server,
  as = token,
): Promise<UploadedSong> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${to.url}/api/admin/library/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { song: UploadedSong } }).data.song;
}

async function adminToken(of: RunningServer): Promise<string> {
  const login = await fetch(`${of.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

/** The ffmpeg processes whose parent is `pid`, still running. */
function ffmpegChildrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return name === 'ffmpeg' && state !== 'Z' && Number(ppid) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-transcode-'));
  // The server finds Debian's ffmpeg on the PATH it is given.
  server = await startServer({ DEMO_LIBRARY: 'false' });
  browser = await launchBrowser();
  token = await adminToken(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('with ffmpeg on the server', () => {
  it.each([
    ['Apple Lossless.m4a', 'alac'],
    ['Studio Take.aiff', 'pcm_s16be'],
  ])(
    '%s, which browsers cannot play, comes in, plays in Chromium and downloads as the original',
    async (name, codec) => {
      const original = tone(name, codec);
      const song = await sendToLibrary(name, original);
      expect(song.audioFile).toMatch(/&format=opus$/);

      const { page, context } = await openPage(browser, server.url);
      try {
        await page.goto('/');
        expect(await playUntil(page, song.audioFile)).toBeGreaterThan(1);
      } finally {
        await context.close();
      }

      const download = await fetch(`${server.url}/api/user/songs/${song._id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true);
    },
  );

  it('a transcode ends with its server, even one killed with SIGKILL', async () => {
    const doomed = await startServer({ DEMO_LIBRARY: 'false' });
    try {
      const as = await adminToken(doomed);
      // Long enough that its transcode outgrows every buffer between ffmpeg and a paused reader.
      const song = await sendToLibrary(
        'Long Take.flac',
        tone('Long Take.flac', 'flac', 900),
        doomed,
        as,
      );
      const created = await fetch(`${doomed.url}/api/user/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Phone' }),
      });
      const { key } = ((await created.json()) as { data: { key: string } }).data;
      const reader = await new Promise<http.IncomingMessage>((resolve) => {
        http.get(
          `${doomed.url}/rest/stream?apiKey=${key}&id=tr-${song._id}&format=mp3&maxBitRate=64`,
          (response) => {
            response.pause();
            resolve(response);
          },
        );
      });
      expect(reader.statusCode).toBe(200);
      const children = ffmpegChildrenOf(doomed.pid);
      expect(children).toHaveLength(1);

      await doomed.kill();
      await expect
        .poll(() => children.filter(running), { timeout: 10_000, interval: 50 })
        .toEqual([]);
      reader.destroy();
    } finally {
      await doomed.stop();
    }
  });
});
