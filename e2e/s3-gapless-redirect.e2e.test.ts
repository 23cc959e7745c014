import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startS3TestServer,
  type ObjectRead,
  type S3TestServer,
} from '../apps/server/test/s3-test-server';
import { signUpListener } from './support/accounts';
import { launchBrowser } from './support/browser';
import { adminToken, callApi, waitForSongs, type ListedSong } from './support/listening-api';
import {
  clearTap,
  HEARD_TWICE,
  installOutputTapUnderPolicy,
  tapSamples,
  toneBreaks,
  waitUntilPlayedThrough,
  waitUntilSounding,
} from './support/output-tap';
import { startServer, type RunningServer } from './support/server';
import {
  TONE_TRACK_SECONDS,
  TONE_TRACKS,
  writeToneAlbum,
  writeToneTracks,
} from './support/tone-album';

/**
 * Gapless playback with the media in an S3 bucket delivered by redirect (decision 081): the
 * player reads the next song's bytes with fetch, following the server's redirect to a presigned
 * URL of the bucket, which answers CORS for the site. The page keeps its Content-Security-Policy
 * (the output tap's module is served as the site's), so `connect-src` must allow the bucket.
 */

/** The same bounds as gapless.e2e.test.ts. */
const LONGEST_GAP_MS = 5;
const LARGEST_STEP = 0.2;

const ALBUM = 'Tone from the Bucket';
/** An album whose listing hands the player expired URLs for every track but the first. */
const STALE_ALBUM = 'Tone Signed Long Ago';
/**
 * A song played first (until the graph sounds it, then paused), so that the albums start with
 * the page's audio graph running and the engine's code loaded: on a loaded machine the first
 * handover from the element on a fresh page can come after a 3 s track has ended, and a join the
 * graph did not sound cannot be measured. The albums are then reached by the page's own links,
 * not loaded afresh.
 */
const WARM_UP = 'Warm-up Tone';
/**
 * Long enough for the graph to take the warm-up song over on a machine busy with other journeys
 * (its decoded audio is not needed for long: it is paused once it sounds).
 */
const WARM_UP_SECONDS = 60;
/** Whom every tone album is by (tone-album.ts). */
const ARTIST = 'Tone Maker';
/** The `expires` of the stale URLs: a minute ago. */
const STALE_EXPIRES = Math.floor(Date.now() / 1000) - 60;

let s3: S3TestServer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;
let songs: ListedSong[];
/** Every address the page asked for. */
const requested: string[] = [];
const policyViolations: string[] = [];
/** What the page printed, said when a step fails: the player explains itself at debug level. */
const pageLog: string[] = [];

const pageSaid = () => `The page said:\n${pageLog.join('\n')}`;

/** Adds the songs of these album folders to the library by upload: uploads go to the bucket. */
async function uploadAlbums(token: string, albums: readonly string[]): Promise<void> {
  for (const album of albums) {
    const folder = path.join(work, album);
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.flac'))) {
      const form = new FormData();
      form.set(
        'file',
        new Blob([fs.readFileSync(path.join(folder, file))], { type: 'audio/flac' }),
        file,
      );
      const result = await callApi<{ outcome: string }>(
        server.url,
        token,
        '/api/admin/library/uploads',
        { method: 'POST', body: form },
      );
      expect(result.outcome).toBe('added');
    }
  }
}

function albumSongs(album: string): ListedSong[] {
  return songs
    .filter((song) => song.album === album)
    .sort((a, b) => (a.trackNumber ?? 0) - (b.trackNumber ?? 0));
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-s3-tones-'));
  s3 = await startS3TestServer();
  const bucket = await s3.createBucket();
  server = await startServer(s3.env(bucket, 'redirect'));
  await s3.allowOrigins(bucket, [server.url]);
  writeToneAlbum(work, 'flac', ALBUM);
  writeToneAlbum(work, 'flac', STALE_ALBUM);
  writeToneTracks(work, WARM_UP, [{ hz: 440, seconds: WARM_UP_SECONDS }]);
  const albums = [ALBUM, STALE_ALBUM, WARM_UP];
  const token = await adminToken(server.url);
  await uploadAlbums(token, albums);
  songs = await waitForSongs(server.url, token, albums, 2 * TONE_TRACKS + 1);

  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  await installOutputTapUnderPolicy(page);
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    pageLog.push(`${message.type()}: ${message.text()}`);
    if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
  });
  await signUpListener(page);

  await page.goto(`/album/${albumSongs(WARM_UP)[0]?.albumId}`);
  await page.getByRole('button', { name: `Play album ${WARM_UP}` }).click();
  await waitUntilSounding(page, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${pageSaid()}`);
  });
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }).click();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await s3?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 120_000);

/** The object key of a song (its media URL's path: `/media/<key>?expires=…`). */
const keyOf = (song: ListedSong) =>
  new URL(song.audioFile, server.url).pathname.slice('/media/'.length);

/**
 * Plays the album from its page, reached from the album page shown through its artist's; answers
 * the recording and what was asked meanwhile.
 */
async function playAlbum(album: string) {
  await page.locator('main').getByRole('link', { name: ARTIST, exact: true }).first().click();
  await page.getByRole('article', { name: album }).getByRole('link', { name: album }).click();
  await clearTap(page);
  const from = { reads: s3.reads.length, requested: requested.length };
  await page.getByRole('button', { name: `Play album ${album}` }).click();
  await waitUntilPlayedThrough(page, (TONE_TRACKS - 1) * TONE_TRACK_SECONDS);
  const { rate, samples } = await tapSamples(page);
  return {
    breaks: toneBreaks(samples, rate),
    reads: s3.reads.slice(from.reads),
    requested: requested.slice(from.requested),
  };
}

/**
 * The tracks whose whole file the page read from the bucket with fetch, to decode them: a CORS
 * request names the site as its origin (the element's requests name none, and ask for ranges).
 */
function fetchedFromBucket(album: string, reads: readonly ObjectRead[]): number[] {
  const fetched = reads.filter((read) => read.origin === server.url && read.range === undefined);
  return albumSongs(album)
    .filter((song) => fetched.some((read) => read.path.endsWith(`/${keyOf(song)}`)))
    .map((song) => song.trackNumber ?? 0);
}

describe('an album in an S3 bucket, delivered by redirect', HEARD_TWICE, () => {
  it('plays gapless from bytes the page fetched from the bucket', async () => {
    const { breaks, reads } = await playAlbum(ALBUM);
    const fetched = fetchedFromBucket(ALBUM, reads);
    console.info('s3 gapless:', JSON.stringify({ ...breaks, fetchedTracks: fetched }));
    expect(policyViolations).toEqual([]);
    expect(fetched).toEqual([1, 2, 3, 4]);
    expect(breaks.soundingSeconds).toBeGreaterThan((TONE_TRACKS - 1) * TONE_TRACK_SECONDS);
    expect(breaks.longestSilenceMs, pageSaid()).toBeLessThanOrEqual(LONGEST_GAP_MS);
    expect(breaks.largestStep, pageSaid()).toBeLessThanOrEqual(LARGEST_STEP);
  }, 180_000);

  it('stays gapless when the next songs’ signed URLs have expired: fresh ones are fetched', async () => {
    // The album's page is handed URLs that expired a minute ago for tracks 2 to 4, as a queue
    // kept for hours would hold them.
    const albumId = albumSongs(STALE_ALBUM)[0]?.albumId ?? '';
    let staleServed = 0;
    await page.route(new RegExp(`/api/user/albums/${albumId}(\\?|$)`), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { songs: ListedSong[] } };
      body.data.songs = body.data.songs.map((song, index) =>
        index === 0
          ? song
          : {
              ...song,
              audioFile: song.audioFile.replace(/expires=\d+/, `expires=${STALE_EXPIRES}`),
            },
      );
      staleServed += 1;
      await route.fulfill({ response, json: body });
    });
    const { breaks, reads, requested: asked } = await playAlbum(STALE_ALBUM);
    const staleAsked = asked.filter((url) => url.includes(`expires=${STALE_EXPIRES}`));
    const fetched = fetchedFromBucket(STALE_ALBUM, reads);
    console.info(
      's3 gapless, expired URLs:',
      JSON.stringify({ ...breaks, staleAsked: staleAsked.length, fetchedTracks: fetched }),
    );
    expect(staleServed).toBeGreaterThan(0);
    expect(staleAsked).toEqual([]);
    expect(fetched).toEqual([1, 2, 3, 4]);
    expect(policyViolations).toEqual([]);
    expect(breaks.soundingSeconds).toBeGreaterThan((TONE_TRACKS - 1) * TONE_TRACK_SECONDS);
    expect(breaks.longestSilenceMs, pageSaid()).toBeLessThanOrEqual(LONGEST_GAP_MS);
    expect(breaks.largestStep, pageSaid()).toBeLessThanOrEqual(LARGEST_STEP);
  }, 180_000);
});
