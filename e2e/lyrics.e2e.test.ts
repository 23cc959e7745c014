import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  id3LyricsFrame,
  id3SyncedLyricsFrame,
  id3Tag,
  id3TextFrame,
} from '../apps/server/test/tag-fixtures';
import { signUpListener } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';
import { adminToken, callApi, pageToken } from './support/listening-api';
import { startServer, type RunningServer } from './support/server';
import { writeSineWav } from './support/tone-album';

/**
 * Lyrics from every source a library has (an ID3 USLT or SYLT frame, LRC text in a FLAC's
 * LYRICS comment, an M4A's ©lyr atom, a `.lrc` beside a scanned file) read on upload and on scan,
 * and shown in Chromium: the synced line that is lit follows the audio's `currentTime`.
 */

const SECONDS = 12;
/** Four lines three seconds apart: which is lit says where the audio is. */
const LINES = ['First light', 'Second wind', 'Third time', 'Fourth wall'];
const TIMES = [0, 3000, 6000, 9000];
const lrc = (lines = LINES) =>
  lines.map((line, index) => `[00:${String(TIMES[index]! / 1000).padStart(2, '0')}.00]${line}`);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;
let musicDir: string;
const songIds = new Map<string, string>();
const albumIds = new Map<string, string>();

function tone(name: string): string {
  const wav = path.join(work, `${name}.wav`);
  writeSineWav(wav, { hz: 330, seconds: SECONDS }, 0.3);
  return wav;
}

function mp3(name: string): Buffer {
  const out = path.join(work, `${name}.mp3`);
  execFileSync('lame', ['--quiet', '-b', '128', tone(name), out]);
  return fs.readFileSync(out);
}

function ffmpegEncode(
  name: string,
  ext: string,
  codec: string[],
  metadata: Record<string, string>,
) {
  const out = path.join(work, `${name}.${ext}`);
  const tags = Object.entries(metadata).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', tone(name), ...codec, ...tags, out]);
  return fs.readFileSync(out);
}

async function upload(token: string, title: string, file: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.set('title', title);
  form.set('artist', 'Lyric Singer');
  form.set('audioFile', new Blob([new Uint8Array(file)], { type }), filename);
  const song = await callApi<{ _id: string; albumId: string }>(
    server.url,
    token,
    '/api/admin/songs',
    {
      method: 'POST',
      body: form,
    },
  );
  songIds.set(title, song._id);
  albumIds.set(title, song.albumId);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-lyrics-'));
  musicDir = path.join(work, 'music');
  fs.mkdirSync(path.join(musicDir, 'Sidecar Album'), { recursive: true });
  const sidecar = path.join(musicDir, 'Sidecar Album', '01 - Beside.mp3');
  fs.writeFileSync(
    sidecar,
    Buffer.concat([
      id3Tag(3, [id3TextFrame(3, 'TIT2', 'Beside'), id3TextFrame(3, 'TPE1', 'Lyric Singer')]),
      mp3('beside'),
    ]),
  );
  fs.writeFileSync(sidecar.replace(/\.mp3$/, '.lrc'), `[ti:Beside]\n${lrc().join('\n')}\n`);
  server = await startServer({ MUSIC_DIR: musicDir });

  const token = await adminToken(server.url);
  const synced = TIMES.map((time, index) => [time, LINES[index]!] as const);
  await upload(
    token,
    'Synced frame',
    Buffer.concat([id3Tag(3, [id3SyncedLyricsFrame(synced)]), mp3('sylt')]),
    'sylt.mp3',
    'audio/mpeg',
  );
  await upload(
    token,
    'Plain frame',
    Buffer.concat([id3Tag(3, [id3LyricsFrame('Only words\nNo times')]), mp3('uslt')]),
    'uslt.mp3',
    'audio/mpeg',
  );
  await upload(
    token,
    'Flac comment',
    ffmpegEncode('flac', 'flac', [], { LYRICS: lrc().join('\n') }),
    'song.flac',
    'audio/flac',
  );
  await upload(
    token,
    'M4a atom',
    ffmpegEncode('m4a', 'm4a', ['-c:a', 'aac', '-b:a', '128k'], { lyrics: lrc().join('\n') }),
    'song.m4a',
    'audio/mp4',
  );
  await upload(token, 'No words', mp3('bare'), 'bare.mp3', 'audio/mpeg');
  const deadline = Date.now() + 60_000;
  while (!songIds.has('Beside')) {
    if (Date.now() > deadline) throw new Error('The music folder was not scanned in 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const songs = await callApi<Array<{ _id: string; title: string; albumId: string }>>(
      server.url,
      token,
      '/api/user/songs?limit=100',
    );
    const beside = songs.find((song) => song.title === 'Beside');
    if (beside) {
      songIds.set('Beside', beside._id);
      albumIds.set('Beside', beside.albumId);
    }
  }

  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  await signUpListener(page);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 120_000);

const audioTime = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);
const litLine = (lyrics: Locator) => lyrics.locator('[aria-current="true"]').textContent();
const expectedLine = (seconds: number) =>
  LINES[
    Math.max(
      0,
      TIMES.findLastIndex((time) => time <= seconds * 1000),
    )
  ];

/** Plays one song from its album's page (an upload without an album is a single). */
async function play(title: string): Promise<void> {
  await page.goto(`/album/${albumIds.get(title)}`);
  await page.getByRole('button', { name: /^Play album / }).click();
  await expect.poll(audioTime, { timeout: 15_000 }).toBeGreaterThan(0.3);
}

/** Goes to /player without reloading (the song keeps playing) and opens its lyrics if closed. */
async function lyricsOnThePlayerPage(): Promise<Locator> {
  await page.evaluate(() => {
    window.history.pushState(null, '', '/player');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const lyrics = page.getByRole('region', { name: 'Lyrics' });
  if (!(await lyrics.isVisible())) {
    await page.getByRole('button', { name: 'Lyrics', exact: true }).click();
  }
  return lyrics;
}

describe('lyrics read from every source', () => {
  it('answers each song’s lyrics, synced where the file timed them', async () => {
    const token = await pageToken(page);
    const lyricsOf = (title: string) =>
      callApi<{
        lyrics: {
          synced: boolean;
          source: string;
          lines: Array<{ start: number | null; value: string }>;
        } | null;
      }>(server.url, token, `/api/user/songs/${songIds.get(title)}/lyrics`);
    for (const title of ['Synced frame', 'Flac comment', 'M4a atom', 'Beside']) {
      const { lyrics } = await lyricsOf(title);
      expect(lyrics, title).toMatchObject({ synced: true });
      expect(lyrics!.lines.map((line) => [line.start, line.value])).toEqual(
        TIMES.map((time, index) => [time, LINES[index]]),
      );
    }
    expect((await lyricsOf('Beside')).lyrics?.source).toBe('sidecar');
    expect((await lyricsOf('Plain frame')).lyrics).toMatchObject({
      synced: false,
      lines: [{ value: 'Only words' }, { value: 'No times' }],
    });
  });
});

describe('synced lyrics in the player', () => {
  it('lights the line the audio is at on the now-playing screen, and a click seeks there', async () => {
    await play('Beside');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/player');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/player');
    await page.getByRole('button', { name: 'Lyrics', exact: true }).click();
    const lyrics = page.getByRole('region', { name: 'Lyrics' });
    await expect.poll(() => lyrics.getByRole('button').count()).toBe(LINES.length);
    // The lit line follows the audio as it plays past a line's time.
    await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(3.3);
    const at = await audioTime();
    const lit = await litLine(lyrics);
    expect([expectedLine(at), expectedLine(at + 0.5)]).toContain(lit);
    await screenshot(page, 'lyrics-desktop');
    // A click on a line seeks the audio to its time.
    await lyrics.getByRole('button', { name: LINES[3] }).click();
    await expect.poll(audioTime).toBeGreaterThan(9);
    await expect.poll(() => litLine(lyrics)).toBe(LINES[3]);
  });

  it('shows them in the phone’s now-playing sheet, following the audio', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await play('Synced frame');
      await page.getByRole('button', { name: /^Open player: / }).click();
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('button', { name: 'Lyrics', exact: true }).click();
      const lyrics = sheet.getByRole('region', { name: 'Lyrics' });
      await lyrics.getByRole('button', { name: LINES[2] }).click();
      await expect.poll(audioTime).toBeGreaterThan(6);
      await expect.poll(() => litLine(lyrics)).toBe(LINES[2]);
      await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(9.3);
      await expect.poll(() => litLine(lyrics)).toBe(LINES[3]);
      await screenshot(page, 'lyrics-phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('shows plain lyrics as text, and says so when a song has none', async () => {
    await play('Plain frame');
    const lyrics = await lyricsOnThePlayerPage();
    await expect.poll(() => lyrics.textContent()).toContain('Only words');
    expect(await lyrics.getByRole('button').count()).toBe(0);

    await play('No words');
    await lyricsOnThePlayerPage();
    await expect.poll(() => lyrics.textContent()).toContain('No lyrics');
  });

  it.each(['Flac comment', 'M4a atom'])(
    'lights the lines of LRC kept in a tag (%s), and a click seeks there',
    async (title) => {
      await play(title);
      const lyrics = await lyricsOnThePlayerPage();
      await expect.poll(() => lyrics.getByRole('button').count()).toBe(LINES.length);
      await lyrics.getByRole('button', { name: LINES[2] }).click();
      await expect.poll(audioTime).toBeGreaterThan(6);
      await expect.poll(() => litLine(lyrics)).toBe(LINES[2]);
      await screenshot(page, `lyrics-${title.split(' ')[0]!.toLowerCase()}-desktop`);
    },
  );
});
