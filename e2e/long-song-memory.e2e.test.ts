import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser } from './support/browser';
import { pageToken, waitForSongs } from './support/listening-api';
import { startServer, type RunningServer } from './support/server';

/**
 * An hour-long FLAC (a live album's one track, a DJ mix) in the web player (decision 081): it is
 * longer than the engine ever decodes, so it streams on the audio element, seeks with range
 * requests, and the page's memory stays small while it plays.
 */

const SONG_SECONDS = 60 * 60;
const ALBUM = 'An Hour Live';
const TITLE = 'The Whole Concert';
const TAGS = { title: TITLE, album: ALBUM, artist: 'The Long Players', track: '1/1' };
/** The most the page's JavaScript heap may hold while the hour plays. */
const LARGEST_HEAP_BYTES = 200 * 1024 * 1024;

interface MediaRequest {
  type: string;
  range: string | undefined;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let musicDir: string;
let fileBytes = 0;
const mediaRequests: MediaRequest[] = [];

/**
 * An hour of a 440 Hz tone in stereo FLAC (compression level 0: quick to encode, and its residue
 * keeps the file at tens of MB). ffmpeg writes it several times faster than sox.
 */
function writeHourLongFlac(folder: string): string {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `01 ${TITLE}.flac`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100:samples_per_frame=4096',
    '-t',
    String(SONG_SECONDS),
    '-ac',
    '2',
    '-c:a',
    'flac',
    '-compression_level',
    '0',
    ...Object.entries(TAGS).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
    file,
  ]);
  return file;
}

beforeAll(async () => {
  musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-long-song-'));
  const started = Date.now();
  const file = writeHourLongFlac(path.join(musicDir, ALBUM));
  fileBytes = fs.statSync(file).size;
  console.info(
    `long song: ${(fileBytes / 1024 / 1024).toFixed(1)} MB of FLAC written in ${Date.now() - started} ms`,
  );
  server = await startServer({ MUSIC_DIR: musicDir });
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  page.on('request', (request) => {
    if (!request.url().includes('/media/audio/')) return;
    mediaRequests.push({ type: request.resourceType(), range: request.headers()['range'] });
  });
  await signUpListener(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (musicDir) fs.rmSync(musicDir, { recursive: true, force: true });
}, 120_000);

const audioTime = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);

describe('an hour-long FLAC', () => {
  it('streams on the element, seeks, plays on, and keeps the page’s heap small', async () => {
    const [song] = await waitForSongs(server.url, await pageToken(page), [ALBUM], 1);
    expect(song?.title).toBe(TITLE);
    const cdp = await context.newCDPSession(page);
    const heapSizes: number[] = [];
    const sampleHeap = async () => {
      // The heap's objects and the ArrayBuffers they hold (a song's bytes read whole, decoded
      // audio read by the page).
      const { usedSize, backingStorageSize } = (await cdp.send('Runtime.getHeapUsage')) as {
        usedSize: number;
        backingStorageSize: number;
      };
      heapSizes.push(usedSize + backingStorageSize);
    };

    await page.goto(`/album/${song?.albumId}`);
    await page.getByRole('button', { name: `Play album ${ALBUM}` }).click();
    await expect.poll(audioTime, { timeout: 20_000 }).toBeGreaterThan(1);
    await sampleHeap();

    // The listener clicks the seek bar halfway along, then near its end; each time it plays on.
    const bar = page.getByRole('region', { name: 'Player' });
    // The slider's whole track (its input is the thumb's).
    const track = bar
      .getByRole('slider', { name: 'Seek' })
      .locator('xpath=ancestor::*[contains(@class, "MuiSlider-root")]');
    const box = await track.boundingBox();
    if (!box) throw new Error('The seek bar is not shown.');
    const played: Array<{ at: number; after: number }> = [];
    for (const share of [0.5, 0.99]) {
      await page.mouse.click(box.x + box.width * share, box.y + box.height / 2);
      await expect.poll(audioTime, { timeout: 20_000 }).toBeGreaterThan(SONG_SECONDS * share - 60);
      const at = await audioTime();
      await sampleHeap();
      await expect.poll(audioTime, { timeout: 20_000 }).toBeGreaterThan(at + 2);
      played.push({ at, after: await audioTime() });
      await sampleHeap();
    }

    const fetched = mediaRequests.filter((request) => request.type === 'fetch');
    const ranged = mediaRequests.filter(
      (request) => request.type === 'media' && /^bytes=[1-9]/.test(request.range ?? ''),
    );
    const largestHeap = Math.max(...heapSizes);
    console.info(
      'long song:',
      JSON.stringify({
        fileMB: +(fileBytes / 1024 / 1024).toFixed(1),
        played,
        heapMB: heapSizes.map((size) => +(size / 1024 / 1024).toFixed(1)),
        mediaRequests: mediaRequests.length,
        rangedFromMiddle: ranged.length,
        fetched: fetched.length,
      }),
    );
    // Never read whole by the page to be decoded: only the element asked for it, by ranges.
    expect(fetched).toEqual([]);
    expect(ranged.length).toBeGreaterThan(0);
    expect(largestHeap).toBeLessThan(LARGEST_HEAP_BYTES);
  }, 120_000);
});
