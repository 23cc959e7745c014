import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './support/accounts';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ DEMO_LIBRARY: 'true', SUPPORT_EMAIL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };
/** An address longer than a phone is wide, with no place a browser would break it by itself. */
const LONG_EMAIL = `maximilian.alexander.longname.${Date.now()}@subdomain.example-music.com`;
const SUPPORT_EMAIL = 'listener-support-and-billing-questions@help.cadenza-music.example.com';

/** How far the page reaches right of the viewport (0 when nothing sticks out). */
const overflowRight = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** True when every element showing `text` shows all of it inside the viewport. */
function showsWhole(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const holders = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.children.length === 0 && element.textContent?.trim() === wanted,
    );
    return (
      holders.length > 0 &&
      holders.every((element) => {
        const box = element.getBoundingClientRect();
        return (
          element.scrollWidth <= element.clientWidth + 1 &&
          box.left >= 0 &&
          box.right <= window.innerWidth + 1
        );
      })
    );
  }, text);
}

/**
 * Taps a tab until it is the open one. The open tab follows the address (?tab=…), which the
 * router changes in a transition; a tap that lands while the strip is still settling (it adds its
 * scroll buttons once it has measured itself) can go unanswered, and a listener taps again, so
 * the journey does too, a few times at most.
 */
async function chooseTab(tab: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await tab.click();
    try {
      await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Every tab of `tablist` can be brought into view and chosen. */
async function everyTabReachable(page: Page, tablist: string): Promise<void> {
  const tabs = page.getByRole('tablist', { name: tablist }).getByRole('tab');
  await tabs.first().waitFor();
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThan(2);
  for (const name of [...names].reverse()) {
    const tab = page.getByRole('tab', { name, exact: true });
    await chooseTab(tab);
    // The tab strip scrolls the selected tab into view with an animation.
    await expect
      .poll(async () => {
        const box = await tab.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width + 1;
      })
      .toBe(true);
  }
}

describe('on a 390 px wide phone', () => {
  it('a long e-mail address wraps whole and every dashboard tab can be reached', async () => {
    const { page, context, problems } = await openPage(browser, server.url, PHONE);
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Maximilian Alexander Longname');
    await form.getByLabel('Email').fill(LONG_EMAIL);
    await form.getByLabel('Password', { exact: true }).fill('listen-pass');
    await form.getByLabel('Confirm Password').fill('listen-pass');
    await form.getByLabel(/I agree to the Terms of Service/).check();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/user/dashboard');

    const profile = page.getByRole('region', { name: 'Profile' });
    await expect.poll(() => profile.getByText(LONG_EMAIL).isVisible()).toBe(true);
    expect(await showsWhole(page, LONG_EMAIL)).toBe(true);
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-dashboard-390');
    await everyTabReachable(page, 'Dashboard sections');
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-dashboard-tabs-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the admin's users list shows a long e-mail whole and every admin tab can be reached", async () => {
    const { page, context, problems } = await openPage(browser, server.url, PHONE);
    await logInAsAdmin(page);
    const sent = await page.request.post('/api/support/contact', {
      data: {
        name: 'Maximilian Alexander Longname',
        email: LONG_EMAIL,
        subject: 'A question about a very long subject line that goes on',
        message: 'Hello there.',
        issueType: 'account',
      },
    });
    expect(sent.status()).toBe(201);

    await everyTabReachable(page, 'Admin sections');
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await expect.poll(() => page.getByText(LONG_EMAIL).first().isVisible()).toBe(true);
    expect(await showsWhole(page, LONG_EMAIL)).toBe(true);
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-admin-users-390');

    await page.getByRole('tab', { name: 'Inbox', exact: true }).click();
    await expect.poll(() => page.getByText(LONG_EMAIL).first().isVisible()).toBe(true);
    expect(await showsWhole(page, LONG_EMAIL)).toBe(true);
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-admin-inbox-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the support address shows whole on Contact and the legal pages', async () => {
    const { page, context, problems } = await openPage(browser, server.url, PHONE);
    for (const [path, name] of [
      ['/contact', 'contact'],
      ['/privacy-policy', 'privacy'],
      ['/terms-of-service', 'terms'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByText(SUPPORT_EMAIL).first().isVisible()).toBe(true);
      expect(await showsWhole(page, SUPPORT_EMAIL)).toBe(true);
      expect(await overflowRight(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-${name}-390`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
