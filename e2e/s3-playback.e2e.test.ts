import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../apps/server/test/s3-test-server';
import { signUpListener } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * The web player with the media in an S3 bucket (an S3-compatible server in this process),
 * once for each MEDIA_DELIVERY: redirected to presigned URLs of the bucket, and streamed
 * through the server.
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

const audioTime = (page: Page) =>
  page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);
const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();

describe.each(['redirect', 'proxy'] as const)('MEDIA_DELIVERY=%s', (delivery) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      DEMO_LIBRARY: 'true',
      ...s3.env(await s3.createBucket(), delivery),
    });
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
      const first = (await popular.getByRole('heading', { level: 3 }).first().textContent()) ?? '';
      await popular.getByRole('button', { name: `Play ${first}` }).click();
      await expect.poll(() => playerTitle(page)).toBe(first);
      await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);

      const fromBucket = audioResponses.filter((response) => response.url.startsWith(s3.endpoint));
      const fromServer = audioResponses.filter((response) => response.url.startsWith(server.url));
      if (delivery === 'redirect') {
        expect(fromServer.map((response) => response.status)).toContain(302);
        expect(fromBucket.length).toBeGreaterThan(0);
      } else {
        expect(fromBucket).toEqual([]);
        expect(fromServer.length).toBeGreaterThan(0);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
