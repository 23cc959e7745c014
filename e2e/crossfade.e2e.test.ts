import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser } from './support/browser';
import { createPlaylist, pageToken, setCrossfade, waitForSongs } from './support/listening-api';
import {
  HEARD_TWICE,
  clearTap,
  installOutputTap,
  pitchLevels,
  waitUntilPlayedThrough,
  tapSamples,
  toneBreaks,
} from './support/output-tap';
import { startServer, type RunningServer } from './support/server';
import { writeToneTracks } from './support/tone-album';

/**
 * Two pitches whose 10 ms windows hold whole cycles of each (5 and 10): the level of one read
 * by Goertzel has nothing of the other in it, so a mix of the two reads as two clean levels.
 */
const LOW_HZ = 500;
const HIGH_HZ = 1000;
const WINDOW_SECONDS = 0.01;
const CROSSFADE_SECONDS = 4;
/** A pitch counts as heard above this share of its steady level. */
const HEARD = 0.02;
/** The longest silence allowed anywhere (point 2 of the gapless album). */
const LONGEST_GAP_MS = 5;

/**
 * Album A: a high tone, then a low one (tracks 1 and 2, played in order: they join, never
 * crossfaded). Album B: a high tone. Played as one playlist, A2 → B1 crosses two albums and is
 * crossfaded. Each crossfaded song is at least twice the crossfade (it takes at most half).
 */
const ALBUM_A = 'Crossfade Side A';
const ALBUM_B = 'Crossfade Side B';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let musicDir: string;

beforeAll(async () => {
  musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-crossfade-music-'));
  writeToneTracks(musicDir, ALBUM_A, [
    { hz: HIGH_HZ, seconds: 4 },
    { hz: LOW_HZ, seconds: 8 },
  ]);
  writeToneTracks(musicDir, ALBUM_B, [{ hz: HIGH_HZ, seconds: 8 }]);
  server = await startServer({ MUSIC_DIR: musicDir });
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await installOutputTap(context);
  page = await context.newPage();
  await signUpListener(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (musicDir) fs.rmSync(musicDir, { recursive: true, force: true });
}, 120_000);

/** The median of the levels above half the loudest: the pitch's level while it plays alone. */
function steadyLevel(levels: readonly number[]): number {
  const loudest = Math.max(...levels);
  const steady = levels.filter((level) => level > loudest / 2).sort((a, b) => a - b);
  return steady[Math.floor(steady.length / 2)] ?? 0;
}

describe('crossfade', HEARD_TWICE, () => {
  it('crosses two albums with equal-power curves, and keeps an album in order gapless', async () => {
    const token = await pageToken(page);
    const songs = await waitForSongs(server.url, token, [ALBUM_A, ALBUM_B], 3);
    const song = (album: string, track: number) => {
      const found = songs.find((s) => s.album === album && s.trackNumber === track);
      if (!found) throw new Error(`${album} track ${track} was not scanned.`);
      return found._id;
    };
    const playlist = await createPlaylist(server.url, token, 'Across the albums', [
      song(ALBUM_A, 1),
      song(ALBUM_A, 2),
      song(ALBUM_B, 1),
    ]);
    await setCrossfade(server.url, token, CROSSFADE_SECONDS);

    // The page loads afresh and reads the account's settings before anything plays.
    const settingsRead = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/user/player-settings') &&
        response.request().method() === 'GET',
    );
    await page.goto(`/playlist/${playlist}`);
    expect(
      ((await (await settingsRead).json()) as { data: { crossfadeSeconds: number } }).data
        .crossfadeSeconds,
    ).toBe(CROSSFADE_SECONDS);
    await clearTap(page);
    await page.getByRole('button', { name: 'Play Across the albums' }).click();

    // 4 + 8 + 8 seconds less the crossfade, less what the element sounded before the handover.
    await waitUntilPlayedThrough(page, 12);
    const { rate, samples } = await tapSamples(page);
    const lowLevels = pitchLevels(samples, rate, LOW_HZ, WINDOW_SECONDS);
    const highLevels = pitchLevels(samples, rate, HIGH_HZ, WINDOW_SECONDS);
    const lowSteady = steadyLevel(lowLevels);
    const highSteady = steadyLevel(highLevels);
    const low = lowLevels.map((level) => level / lowSteady);
    const high = highLevels.map((level) => level / highSteady);

    // A1 → A2, the album in order: the high tone gives way to the low one within one window.
    const join = low.findIndex((level) => level > 0.5);
    expect(join).toBeGreaterThan(10);
    const joinWindows = low
      .slice(join - 50, join + 50)
      .filter((level, index) => level > HEARD && high[join - 50 + index]! > HEARD).length;
    const albumBreaks = toneBreaks(
      samples.subarray(0, Math.round((join + 50) * rate * WINDOW_SECONDS)),
      rate,
    );

    // A2 → B1, across albums: the high tone comes back in as the low one goes.
    const fadeIn = high.findIndex((level, index) => index > join + 10 && level > HEARD);
    // The last window before the low tone is gone (not the recording's end, whose cut-off
    // high tone leaks a little into every pitch).
    const fadeOut = low.findIndex((level, index) => index > fadeIn && level <= HEARD) - 1;
    expect(fadeIn).toBeGreaterThan(join);
    const overlapSeconds = (fadeOut - fadeIn + 1) * WINDOW_SECONDS;
    let risesOnly = true;
    let fallsOnly = true;
    let powerDeviation = 0;
    for (let index = fadeIn; index <= fadeOut; index += 1) {
      if (index > fadeIn) {
        risesOnly &&= high[index]! >= high[index - 1]! - HEARD;
        fallsOnly &&= low[index]! <= low[index - 1]! + HEARD;
      }
      // Equal power: the two levels' squares add up to the one song's.
      if (low[index]! > 0.1 && high[index]! > 0.1) {
        powerDeviation = Math.max(
          powerDeviation,
          Math.abs(low[index]! ** 2 + high[index]! ** 2 - 1),
        );
      }
    }
    const middle = Math.round((fadeIn + fadeOut) / 2);
    const breaks = toneBreaks(samples, rate);
    const figures = {
      albumJoinOverlapWindows: joinWindows,
      albumJoinLongestSilenceMs: albumBreaks.longestSilenceMs,
      crossfadeSeconds: overlapSeconds,
      middleLevels: { out: low[middle], in: high[middle] },
      largestPowerDeviation: powerDeviation,
      longestSilenceMs: breaks.longestSilenceMs,
    };
    console.info('crossfade:', JSON.stringify(figures));

    // Not crossfaded: at most the window holding the join has both tones.
    expect(joinWindows).toBeLessThanOrEqual(2);
    expect(albumBreaks.longestSilenceMs).toBeLessThanOrEqual(LONGEST_GAP_MS);
    // Crossfaded for the chosen seconds, less the first and last moments below HEARD.
    expect(overlapSeconds).toBeGreaterThan(CROSSFADE_SECONDS - 0.4);
    expect(overlapSeconds).toBeLessThan(CROSSFADE_SECONDS + 0.2);
    expect(risesOnly).toBe(true);
    expect(fallsOnly).toBe(true);
    // Halfway, each at cos 45° = sin 45° ≈ 0.71 of its level.
    expect(low[middle]).toBeCloseTo(Math.SQRT1_2, 1);
    expect(high[middle]).toBeCloseTo(Math.SQRT1_2, 1);
    expect(powerDeviation).toBeLessThanOrEqual(0.1);
    expect(breaks.longestSilenceMs).toBeLessThanOrEqual(LONGEST_GAP_MS);
  }, 180_000);
});
