import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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

/** A tone of TONE_SECONDS encoded by Debian's ffmpeg as `codec` in a file named `name`. */
function tone(name: string, codec: string): Buffer {
  const file = path.join(work, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:sample_rate=44100:duration=${TONE_SECONDS}`],
    ...['-ac', '2', '-c:a', codec, file],
  ]);
  return fs.readFileSync(file);
}

interface UploadedSong {
  readonly _id: string;
  readonly audioFile: string;
}

async function sendToLibrary(name: string, bytes: Buffer): Promise<UploadedSong> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/api/admin/library/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { song: UploadedSong } }).data.song;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-transcode-'));
  // The server finds Debian's ffmpeg on the PATH it is given.
  server = await startServer({ DEMO_LIBRARY: 'false' });
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('files browsers cannot play, with ffmpeg on the server', () => {
  it.each([
    ['Apple Lossless.m4a', 'alac'],
    ['Studio Take.aiff', 'pcm_s16be'],
  ])('%s comes in, plays in Chromium and downloads as the original', async (name, codec) => {
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
  });
});
