import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's painted background, as the browser computed it. */
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

const DARK = 'rgb(13, 11, 20)';
const LIGHT = 'rgb(246, 244, 251)';

describe('light and dark themes', () => {
  it('switch from the account page at once, and stay after a reload and in a new tab', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await signUpListener(page);
    expect(await background(page)).toBe(DARK);

    await page.goto('/account');
    const appearance = page.getByRole('region', { name: 'Appearance' });
    await appearance.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => background(page)).toBe(LIGHT);
    // The MUI screens follow too: the card is on the light paper.
    expect(await appearance.evaluate((card) => getComputedStyle(card).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await screenshot(page, 'account-light', { fullPage: false });

    await page.reload();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT);

    const other = await context.newPage();
    await other.goto('/library/liked');
    await expect.poll(() => theme(other)).toBe('light');

    // Back to dark in the first tab: the other one follows without a reload.
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => background(page)).toBe(DARK);
    await expect.poll(() => background(other)).toBe(DARK);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('follow the system when told to, and its changes', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signUpListener(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/account');
    await page.getByRole('radio', { name: 'Follow the system' }).check();
    await expect.poll(() => background(page)).toBe(LIGHT);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(DARK);
    await context.close();
  });

  it('paint the landing page rendered at build time in the chosen theme before the app runs', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    // Only the HTML, its stylesheet and its inline scripts act.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await theme(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT);
    await context.close();

    const dark = await openPage(browser, server.url);
    await dark.page.route('**/assets/*.js', (route) => route.abort());
    await dark.page.goto('/');
    await dark.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await background(dark.page)).toBe(DARK);
    // Every other page is the app's shell: it carries the tokens' stylesheet too.
    await dark.page.goto('/login');
    expect(await background(dark.page)).toBe(DARK);
    await dark.context.close();
  });
});
