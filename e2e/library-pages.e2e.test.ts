import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const row = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();
/** Waits until no skeleton or spinner is left on the page. */
const settled = (page: Page) =>
  expect
    .poll(() => page.locator('[role="progressbar"], [aria-busy="true"]').count(), {
      timeout: 15_000,
    })
    .toBe(0);

describe('the library pages in the browser', () => {
  it('shows Home rows, opens their pages, lists a liked song and plays a genre', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, DESKTOP);
    await signUpListener(page);

    // Home: the demo library's albums and genres as rows after Popular Songs.
    const albums = row(page, 'New albums');
    await albums.waitFor({ timeout: 15_000 });
    expect(await albums.getByRole('link', { name: /Show all/ }).count()).toBe(1);
    await row(page, 'Rock').waitFor();
    await row(page, 'Jazz').waitFor();
    await settled(page);
    await screenshot(page, 'library-home-rows-1440');

    // Show all opens every album, sortable.
    await albums.getByRole('link', { name: /Show all/ }).click();
    await page.waitForURL('**/library/albums');
    await page.getByRole('list', { name: 'Albums' }).waitFor();
    await settled(page);
    await screenshot(page, 'library-albums-1440');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Title' }).click();
    await page.waitForURL('**/library/albums?sort=title');
    await settled(page);

    await page.goto('/library/artists');
    await page.getByRole('list', { name: 'Artists' }).waitFor();
    await settled(page);
    await screenshot(page, 'library-artists-1440');

    // A song liked on Home shows on Liked Songs.
    await page.goto('/user/dashboard');
    const popular = page.getByRole('list', { name: 'Popular Songs' });
    await popular.waitFor();
    const liked = (await popular.getByRole('heading', { level: 3 }).first().textContent()) ?? '';
    await popular.getByRole('button', { name: `Like ${liked}` }).click();
    await expect.poll(() => page.getByText('Added to your Liked Songs').isVisible()).toBe(true);
    await page.goto('/library/liked');
    await page.getByRole('heading', { level: 1, name: 'Liked Songs' }).waitFor();
    await expect.poll(() => page.getByText(liked, { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('1 song', { exact: true }).isVisible()).toBe(true);
    await settled(page);
    await screenshot(page, 'library-liked-1440');

    // A genre page plays its songs.
    await page.goto('/genre/rock');
    await page.getByRole('heading', { level: 1, name: 'Rock' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => playerTitle(page), { timeout: 10_000 }).not.toBe('');
    const playing = (await playerTitle(page)) ?? '';
    expect(await page.getByText(playing, { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'library-genre-1440');

    // What was played is on Recently Played, with when.
    await page.goto('/library/recent');
    await page.getByText(playing, { exact: true }).first().waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.getByText(/played (just now|\d+ min ago)/).count())
      .toBeGreaterThan(0);
    await screenshot(page, 'library-recent-1440');

    // An unknown genre is the not-found page.
    await page.goto('/genre/polka');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, PHONE);
    await signUpListener(page);
    // Below the phone's first screen, Home's rows are built when scrolled towards.
    await page
      .getByRole('status', { name: 'Loading more for you' })
      .scrollIntoViewIfNeeded({ timeout: 15_000 });
    await row(page, 'New albums').waitFor({ timeout: 15_000 });
    await settled(page);
    await screenshot(page, 'library-home-rows-390');
    for (const [path, name] of [
      ['/library/albums', 'albums'],
      ['/library/artists', 'artists'],
      ['/library/liked', 'liked'],
      ['/library/recent', 'recent'],
      ['/genre/jazz', 'genre'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await screenshot(page, `library-${name}-390`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
