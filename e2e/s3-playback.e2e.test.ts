import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../apps/server/test/s3-test-server';
import { signUpListener } from './support/accounts';
import { audioTime, launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * The web player with the media in an S3 bucket (an S3-compatible server in this process):
 * redirected to presigned URLs of a bucket that answers CORS for the site (as an owner sets it
 * up), redirected to one that does not (the player's reads of the bytes fail, the element still
 * plays the song), and streamed through the server.
 */

let s3: S3TestServer;
let browser: Browser;
beforeAll(async () => {
  s3 = await startS3TestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s3?.close();
});

const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();

const SETUPS = [
  { delivery: 'redirect', bucketAllowsSite: true },
  { delivery: 'redirect', bucketAllowsSite: false },
  { delivery: 'proxy', bucketAllowsSite: false },
] as const;

/** What the browser logs when the bucket does not answer CORS: expected without it, and only then. */
const isBlockedByBucket = (problem: string) =>
  problem.includes(s3.endpoint) &&
  (problem.includes('blocked by CORS policy') || problem.includes('net::ERR_FAILED'));

describe.each(SETUPS)(
  'MEDIA_DELIVERY=$delivery, bucket answers CORS: $bucketAllowsSite',
  ({ delivery, bucketAllowsSite }) => {
    let server: RunningServer;
    beforeAll(async () => {
      const bucket = await s3.createBucket();
      server = await startServer({ DEMO_LIBRARY: 'true', ...s3.env(bucket, delivery) });
      if (bucketAllowsSite) await s3.allowOrigins(bucket, [server.url]);
    });
    afterAll(() => server?.stop());

    it('plays a song of the bucket in the web player', async () => {
      const { page, context, problems } = await openPage(browser, server.url);
      const audioResponses: Array<{ url: string; status: number }> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'media') {
          audioResponses.push({ url: response.url(), status: response.status() });
        }
      });
      try {
        await signUpListener(page);
        const popular = page.getByRole('list', { name: 'Popular Songs' });
        const first =
          (await popular.getByRole('heading', { level: 3 }).first().textContent()) ?? '';
        await popular.getByRole('button', { name: `Play ${first}` }).click();
        await expect.poll(() => playerTitle(page)).toBe(first);
        await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);

        const fromBucket = audioResponses.filter((response) =>
          response.url.startsWith(s3.endpoint),
        );
        const fromServer = audioResponses.filter((response) => response.url.startsWith(server.url));
        if (delivery === 'redirect') {
          expect(fromServer.map((response) => response.status)).toContain(302);
          expect(fromBucket.length).toBeGreaterThan(0);
        } else {
          expect(fromBucket).toEqual([]);
          expect(fromServer.length).toBeGreaterThan(0);
        }
        if (delivery === 'redirect' && !bucketAllowsSite) {
          // The engine's read of the bytes was refused; the element went on playing.
          await expect.poll(() => problems.filter(isBlockedByBucket).length).toBeGreaterThan(0);
          const before = await audioTime(page);
          await expect.poll(() => audioTime(page)).toBeGreaterThan(before);
        } else {
          expect(problems.filter(isBlockedByBucket)).toEqual([]);
        }
        expect(problems.filter((problem) => !isBlockedByBucket(problem))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
);
