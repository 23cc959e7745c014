import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser } from './support/browser';
import {
  HEARD_TWICE,
  clearTap,
  installOutputTap,
  pitchLevels,
  tapLevels,
  tapSamples,
  toneBreaks,
} from './support/output-tap';
import { ADMIN, startServer, type RunningServer } from './support/server';
import {
  TONE_TRACK_SECONDS,
  TONE_TRACKS,
  writeToneAlbum,
  writeTwoToneAlbum,
  type ToneFormat,
} from './support/tone-album';

/** Point 2's bound: the silence between two tracks of a gapless album. */
const LONGEST_GAP_MS = 5;
/** A sine at 440 Hz steps at most 2π·440/48000 ≈ 6 % of its peak between samples. */
const LARGEST_STEP = 0.2;

const FORMATS: ToneFormat[] = ['mp3', 'm4a', 'flac', 'opus'];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let musicDir: string;
/** An album whose first track's file goes missing after the scan. */
const LOST = 'Lost Tone';
/** An album of a low tone then a high one: a skip from the first shows how it fades. */
const TWO_TONES = 'Two Tones';
const LOW_HZ = 440;
const HIGH_HZ = 1000;
/** Point 3's bound on the fade of a manual skip. */
const LONGEST_SKIP_FADE_MS = 300;
const albumIds = new Map<ToneFormat | typeof LOST | typeof TWO_TONES, string>();
/** What the page printed, said when a step fails: the player explains itself at debug level. */
const pageLog: string[] = [];

interface ListedSong {
  album: string | null;
  albumId: string | null;
}

beforeAll(async () => {
  musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-tone-music-'));
  const albums = new Map<string, ToneFormat | typeof LOST | typeof TWO_TONES>(
    FORMATS.map((format) => [writeToneAlbum(musicDir, format), format]),
  );
  albums.set(writeToneAlbum(musicDir, 'mp3', LOST), LOST);
  writeTwoToneAlbum(musicDir, TWO_TONES, LOW_HZ, HIGH_HZ);
  albums.set(TWO_TONES, TWO_TONES);
  server = await startServer({ MUSIC_DIR: musicDir });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  // The node scans the music folder once it has started.
  const deadline = Date.now() + 60_000;
  while (albumIds.size < albums.size) {
    if (Date.now() > deadline) throw new Error('The music folder was not scanned in 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const list = await fetch(`${server.url}/api/user/songs?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await list.json()) as { data: ListedSong[] };
    for (const song of data) {
      const format = song.album ? albums.get(song.album) : undefined;
      if (format && song.albumId) albumIds.set(format, song.albumId);
    }
  }
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await installOutputTap(context);
  page = await context.newPage();
  page.on('console', (message) => pageLog.push(`${message.type()}: ${message.text()}`));
  await signUpListener(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (musicDir) fs.rmSync(musicDir, { recursive: true, force: true });
}, 120_000);

/** Plays the album from its page and records what the page sends to the speakers. */
async function recordAlbum(format: ToneFormat): Promise<{ rate: number; samples: Float32Array }> {
  await page.goto(`/album/${albumIds.get(format)}`);
  await clearTap(page);
  await page.getByRole('button', { name: /^Play album / }).click();
  const albumSeconds = TONE_TRACKS * TONE_TRACK_SECONDS;
  // Sounding for all but the first track's start, then silent: the album has played through.
  await expect
    .poll(
      async () => {
        const levels = await tapLevels(page, 0.05);
        const sounded = levels.loud / levels.rate;
        const silentSince = (levels.samples - levels.lastLoud) / levels.rate;
        return sounded > albumSeconds - TONE_TRACK_SECONDS && silentSince > 0.3;
      },
      { timeout: 90_000, interval: 250 },
    )
    .toBe(true);
  return tapSamples(page);
}

describe('an album cut from one tone, played in order', HEARD_TWICE, () => {
  for (const format of FORMATS) {
    it(`joins its ${format} tracks with no gap and no click`, async () => {
      const { rate, samples } = await recordAlbum(format);
      const breaks = toneBreaks(samples, rate);
      console.info(`gapless ${format}:`, JSON.stringify(breaks));
      // Every boundary is inside what was recorded: the sound started before the first one.
      expect(breaks.soundingSeconds).toBeGreaterThan((TONE_TRACKS - 1) * TONE_TRACK_SECONDS);
      expect(breaks.longestSilenceMs).toBeLessThanOrEqual(LONGEST_GAP_MS);
      expect(breaks.largestStep).toBeLessThanOrEqual(LARGEST_STEP);
    }, 180_000);
  }
});

describe('a song that cannot be played', () => {
  it('is named in a toast, and the next song plays', async () => {
    fs.rmSync(path.join(musicDir, LOST, '1 Tone 1.mp3'));
    await page.goto(`/album/${albumIds.get(LOST)}`);
    await clearTap(page);
    await page.getByRole('button', { name: /^Play album / }).click();
    const from = pageLog.length;
    await page
      .getByText(`"${LOST} part 1" could not be played. Playing the next song.`)
      .waitFor({ timeout: 60_000 })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nThe page said:\n${pageLog.slice(from).join('\n')}`);
      });
    await expect
      .poll(() => page.getByTestId('player-title').textContent(), { timeout: 10_000 })
      .toBe(`${LOST} part 2`);
    await expect
      .poll(async () => (await tapLevels(page, 0.05)).loud, { timeout: 10_000 })
      .toBeGreaterThan(0);
  }, 180_000);
});

describe('a skip', () => {
  it('fades the song it leaves out within 300 ms instead of cutting it', async () => {
    await page.goto(`/album/${albumIds.get(TWO_TONES)}`);
    await clearTap(page);
    await page.getByRole('button', { name: /^Play album / }).click();
    // A second and a half heard from the graph: the first track sounds from its decoded audio.
    await expect
      .poll(
        async () => {
          const levels = await tapLevels(page, 0.05);
          return levels.loud / levels.rate;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1.5);
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect
      .poll(() => page.getByTestId('player-title').textContent())
      .toBe(`${TWO_TONES} part 2`);
    // The high tone heard for a second: the skip and its fade are in the recording.
    await expect
      .poll(
        async () => {
          const { rate, samples } = await tapSamples(page);
          return pitchLevels(samples, rate, HIGH_HZ).filter((level) => level > 0.1).length;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(100);
    const { rate, samples } = await tapSamples(page);
    const low = pitchLevels(samples, rate, LOW_HZ);
    const steady = Math.max(...low);
    const fadeStart = low.findIndex(
      (level, index) => index > 0 && low[index - 1]! > steady * 0.9 && level <= steady * 0.9,
    );
    const fadeEnd = low.findIndex((level, index) => index > fadeStart && level < steady * 0.1);
    const fadeMs = (fadeEnd - fadeStart) * 10;
    console.info(`skip fade: ${fadeMs} ms`);
    expect(fadeStart).toBeGreaterThan(0);
    // Faded, not cut: the low tone takes more than one 10 ms window to go, and at most 300 ms.
    expect(fadeMs).toBeGreaterThan(10);
    expect(fadeMs).toBeLessThanOrEqual(LONGEST_SKIP_FADE_MS);
    expect(toneBreaks(samples, rate).largestStep).toBeLessThanOrEqual(LARGEST_STEP);
  }, 180_000);
});
