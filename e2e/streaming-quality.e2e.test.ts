import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser } from './support/browser';
import { callApi, pageToken, waitForSongs } from './support/listening-api';
import { startServer, type RunningServer } from './support/server';

/**
 * A listener on Data saver plays a FLAC longer than the engine decodes: the element streams a
 * transcode the server makes as it plays (Opus at 96 kbps), and a seek into what is not made yet
 * reaches its time all the same (decisions 088, 089).
 */

/** Longer than the engine decodes, and long enough that a seek outruns its transcode. */
const SONG_SECONDS = 15 * 60;
const ALBUM = 'Saved Data';
const TITLE = 'A Long Take';

interface MediaAnswer {
  readonly url: string;
  readonly type: string | undefined;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let musicDir: string;
const answers: MediaAnswer[] = [];

beforeAll(async () => {
  musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-quality-'));
  fs.mkdirSync(path.join(musicDir, ALBUM));
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440:sample_rate=44100:samples_per_frame=4096'],
    ...['-t', String(SONG_SECONDS), '-ac', '2', '-c:a', 'flac', '-compression_level', '0'],
    ...['-metadata', `title=${TITLE}`, '-metadata', `album=${ALBUM}`],
    ...['-metadata', 'artist=The Savers', path.join(musicDir, ALBUM, `01 ${TITLE}.flac`)],
  ]);
  server = await startServer({ MUSIC_DIR: musicDir, DEMO_LIBRARY: 'false' });
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  page.on('response', (response) => {
    if (!response.url().includes('/media/audio/')) return;
    answers.push({ url: response.url(), type: response.headers()['content-type'] });
  });
  await signUpListener(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (musicDir) fs.rmSync(musicDir, { recursive: true, force: true });
}, 60_000);

const audioTime = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);
/** Where the element plays once a seek is done; -1 while it is still seeking. */
const settledTime = () =>
  page.evaluate(() => {
    const audio = document.querySelector('audio');
    return audio && !audio.seeking ? audio.currentTime : -1;
  });

describe('streaming quality in the web player', () => {
  it('plays a rich file transcoded at the chosen rate, and seeks in it while it is made', async () => {
    const token = await pageToken(page);
    const [song] = await waitForSongs(server.url, token, [ALBUM], 1);
    const route = '/api/user/player-settings';
    const settings = await callApi<Record<string, unknown>>(server.url, token, route);
    await callApi(server.url, token, route, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...settings, streamingQuality: 'dataSaver' }),
    });

    // The page reads the listener's settings as it starts.
    const settingsRead = page.waitForResponse(
      (response) => response.url().endsWith(route) && response.request().method() === 'GET',
    );
    await page.goto(`/album/${song?.albumId}`);
    await settingsRead;
    await page.getByRole('button', { name: `Play album ${ALBUM}` }).click();
    await expect.poll(audioTime, { timeout: 30_000 }).toBeGreaterThan(1);
    const src = await page.evaluate(() => document.querySelector('audio')?.src ?? '');
    expect(src).toMatch(/[?&]kbps=96&prefer=opus/);
    // A song started before the player's code has come loads as it is, then moves to the
    // listener's quality: what counts is the answer to the address it plays.
    expect(
      answers.find((answer) => answer.url.endsWith(src.slice(src.indexOf('/media/'))))?.type,
    ).toBe('audio/ogg');

    // The listener clicks the seek bar near its end, far past what is made yet, then back near its
    // start: the transcode is asked for whole, and plays on from each point once it is.
    const track = page
      .getByRole('region', { name: 'Player' })
      .getByRole('slider', { name: 'Seek' })
      .locator('xpath=ancestor::*[contains(@class, "MuiSlider-root")]');
    const box = await track.boundingBox();
    if (!box) throw new Error('The seek bar is not shown.');
    for (const share of [0.9, 0.1]) {
      await page.mouse.click(box.x + box.width * share, box.y + box.height / 2);
      // The element says it is at the time sought at once; it plays from there once the whole
      // transcode has come (made at many times real time, slower on a busy machine).
      await expect
        .poll(settledTime, { timeout: 120_000 })
        .toBeGreaterThan(SONG_SECONDS * share - 60);
      const at = await settledTime();
      expect(at).toBeLessThan(SONG_SECONDS * share + 60);
      await expect.poll(audioTime, { timeout: 60_000 }).toBeGreaterThan(at + 1);
    }
    const whole = answers.filter((answer) => answer.url.includes('seekable=1'));
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.every((answer) => answer.type === 'audio/ogg')).toBe(true);
  }, 180_000);
});
