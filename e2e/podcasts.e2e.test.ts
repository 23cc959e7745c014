import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPodcastHost, type FakePodcastHost } from '../apps/server/test/podcast-feeds';
import { logInAsAdmin } from './support/accounts';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * An administrator subscribes to a podcast on loopback (the server allows private addresses),
 * downloads an episode and plays it in the episode player: its audio really plays, and the place
 * is kept for the next time. A radio station on the same host plays live through the relay.
 */

let host: FakePodcastHost;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  host = await startPodcastHost();
  server = await startServer({ FETCH_PRIVATE_ADDRESSES: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await host?.close();
});

const LOAD = { timeout: 15_000 };

/** Where the side player's audio is, in seconds (-1 without one). */
const sideAudioTime = (page: Page, label: string): Promise<number> =>
  page.evaluate(
    (name) =>
      document.querySelector<HTMLAudioElement>(`[aria-label="${name}"] audio`)?.currentTime ?? -1,
    label,
  );

describe('podcasts', () => {
  it('are subscribed to, downloaded and played in the episode player', async () => {
    const { page, problems } = await openPage(browser, server.url);
    await logInAsAdmin(page);
    await page.goto('/podcasts');
    const form = page.getByRole('form', { name: 'Add a podcast' });
    await form.getByLabel('Feed URL').fill(host.feedUrl);
    await form.getByRole('button', { name: 'Add podcast' }).click();
    await page.getByText('Subscribed to The Loopback Show').waitFor(LOAD);
    await screenshot(page, 'podcasts-1440');

    await page.getByRole('link', { name: /The Loopback Show/ }).click();
    const episodes = page.getByRole('list', { name: 'Episodes' });
    await episodes.getByRole('button', { name: 'Download Episode 3 & friends' }).click();
    // The page asks again while the download runs, until the episode can be played.
    const play = episodes.getByRole('button', { name: 'Play Episode 3 & friends' });
    await play.waitFor(LOAD);
    await play.click();

    const bar = page.getByRole('region', { name: 'Episode player' });
    await bar.waitFor(LOAD);
    await expect
      .poll(() => sideAudioTime(page, 'Episode player'), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'podcast-page-1440', { fullPage: false });

    await bar.getByRole('button', { name: 'Pause episode' }).click();
    await bar.getByRole('button', { name: 'Close the episode player' }).click();
    await page.reload();
    await episodes.getByRole('button', { name: /^Resume Episode 3 & friends/ }).waitFor(LOAD);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'podcast-page-390');
    expect(problems).toEqual([]);
  });

  it('plays an internet radio station live, relayed by the server', async () => {
    const { page, problems } = await openPage(browser, server.url);
    await logInAsAdmin(page);
    await page.goto('/live-radio');
    const form = page.getByRole('form', { name: 'Add a station' });
    await form.getByLabel('Station name').fill('Loopback FM');
    await form.getByLabel('Stream URL').fill(`${host.base}/show/ep-1.mp3`);
    await form.getByRole('button', { name: 'Add station' }).click();
    await page.getByRole('button', { name: 'Play Loopback FM' }).click();
    const bar = page.getByRole('region', { name: 'Radio player' });
    await bar.getByText('Live').waitFor(LOAD);
    await expect
      .poll(() => sideAudioTime(page, 'Radio player'), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'live-radio-1440', { fullPage: false });
    expect(problems).toEqual([]);
  });
});
