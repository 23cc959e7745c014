import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { audioTime, openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

const PHONE = { width: 390, height: 844 };
const LOAD = { timeout: 10_000 };
const OFFLINE = "You're offline. What has already loaded keeps playing.";

describe('losing the network', () => {
  it('shows a banner while offline, plays on what is buffered, and lists offer Retry', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, PHONE);
    await signUpListener(page);
    const popular = page.getByRole('list', { name: 'Popular Songs' });
    const first = popular.getByRole('heading', { level: 3 }).first();
    await first.waitFor(LOAD);
    await popular.getByRole('button', { name: `Play ${await first.innerText()}` }).click();
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(0.5);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    expect(await banner.count()).toBe(0);

    // Albums, visited once online: its code is here; a new sort asks the server again.
    await page
      .getByRole('navigation', { name: 'Tabs' })
      .getByRole('link', { name: 'Your Library' })
      .click();
    await page
      .getByRole('navigation', { name: 'Library lists' })
      .getByRole('link', { name: 'Albums' })
      .click();
    await page.waitForURL('**/library/albums');
    await expect
      .poll(() => page.getByRole('main').locator('a[href^="/album/"]').count(), LOAD)
      .toBeGreaterThan(0);

    await context.setOffline(true);
    await expect.poll(() => banner.isVisible(), LOAD).toBe(true);
    // The banner is part of the header: it covers nothing of the page.
    expect(await page.getByRole('banner').getByRole('status').innerText()).toBe(OFFLINE);
    const offlineAt = await audioTime(page);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(offlineAt + 1);
    await screenshot(page, 'offline-banner-390', { fullPage: false });

    // A list asked for offline fails with Retry rather than loading forever.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Title' }).click();
    await page.waitForURL('**/library/albums?sort=title');
    const retry = page.getByRole('main').getByRole('button', { name: 'Retry' });
    await expect.poll(() => retry.isVisible(), LOAD).toBe(true);
    expect(
      await page.getByRole('main').getByRole('status', { name: 'Loading albums' }).count(),
    ).toBe(0);
    await screenshot(page, 'offline-list-390', { fullPage: false });

    await context.setOffline(false);
    await expect.poll(() => banner.count(), LOAD).toBe(0);
    // Back online, Retry loads the list.
    await retry.click();
    await expect
      .poll(() => page.getByRole('main').locator('a[href^="/album/"]').count(), LOAD)
      .toBeGreaterThan(0);
    const onlineAt = await audioTime(page);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(onlineAt + 0.3);

    // Only the requests the lost network failed, which the browser reports.
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual(
      [],
    );
    await context.close();
  });
});
