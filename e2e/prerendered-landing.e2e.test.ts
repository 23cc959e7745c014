import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
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

const HERO_LEAD = 'Stream millions of songs, build custom playlists';

async function htmlOf(path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('the landing page rendered at build time', () => {
  it('comes in the HTML of / and /home, and of no other page', async () => {
    for (const path of ['/', '/home']) {
      const html = await htmlOf(path);
      expect(html).toContain(HERO_LEAD);
      expect(html).toContain('GET STARTED');
    }
    for (const path of ['/login', '/discover']) {
      expect(await htmlOf(path)).not.toContain(HERO_LEAD);
    }
  });

  it('paints the hero without any script', async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toMatch(/Music for every\s+moment/);
    expect(await page.getByText(HERO_LEAD).isVisible()).toBe(true);
    await context.close();
  });

  it('is taken over by the app without hydration errors, and GET STARTED goes to /login', async () => {
    for (const width of [390, 1440]) {
      const { page, context, problems } = await openPage(browser, server.url, {
        width,
        height: 900,
      });
      // The heading as parsed from the HTML, before any script of the app has run.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          Object.assign(window, { parsedHeading: document.querySelector('h1') });
        });
      });
      await page.goto('/');
      // The latest songs arrive through the app: it runs and owns the page.
      const latest = page.getByRole('region', { name: 'Latest Music' });
      await expect.poll(() => latest.getByRole('article').count()).toBe(8);
      // Taken over, not drawn again: the heading is still the element parsed from the HTML.
      const sameHeading = await page.evaluate(
        () =>
          (window as { parsedHeading?: Element }).parsedHeading === document.querySelector('h1'),
      );
      expect(sameHeading).toBe(true);
      expect(await page.title()).toBe('Cadenza · Music for every moment');
      expect(await page.locator('title').count()).toBe(1);
      // A link the app handles changes the page without loading a new document.
      await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
      await page.getByRole('link', { name: /GET STARTED/ }).click();
      await page.waitForURL('**/login');
      await expect.poll(() => page.getByRole('form', { name: 'Log in' }).isVisible()).toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute('data-same-document')),
      ).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('never shows a listener the visitor’s landing', async () => {
    // The app's scripts are held back below: the service worker would serve its own copies.
    const { page, context, problems } = await openPage(
      browser,
      server.url,
      { width: 390, height: 900 },
      { serviceWorkers: 'block' },
    );
    await signUpListener(page);

    // Without the app's scripts, only the HTML and its inline script act: the visitor's markup
    // is gone before it paints.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    expect(await page.locator('#root').innerHTML()).toBe('');
    await page.unroute('**/assets/*.js');

    await page.goto('/');
    await expect
      .poll(() => page.getByRole('link', { name: /GO TO DASHBOARD/ }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: /GET STARTED/ }).count()).toBe(0);
    // Aborted scripts are the test's doing (a chunk the signed-in page was fetching while they
    // were, among them); anything else would be a problem.
    const aborted = [
      'net::ERR_FAILED',
      'Failed to fetch dynamically imported module',
      'Service Worker registration blocked by Playwright',
    ];
    expect(problems.filter((problem) => !aborted.some((cause) => problem.includes(cause)))).toEqual(
      [],
    );
    await context.close();
  });
});
