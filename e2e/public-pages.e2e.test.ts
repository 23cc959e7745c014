import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, SCREENSHOT_DIR } from './support/browser';
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

const WIDTHS = [390, 1440] as const;
/** Pages render from a cold cache on a busy machine: give each check some room. */
const POLL = { timeout: 10_000 };

/** Opens `path` at each width, waits for `ready`, saves a full-page screenshot of each. */
async function screenshotAtWidths(
  route: string,
  name: string,
  ready: (page: Page) => Promise<void>,
): Promise<void> {
  for (const width of WIDTHS) {
    const { page, context, problems } = await openPage(browser, server.url, {
      width,
      height: 900,
    });
    await page.goto(route);
    await ready(page);
    await screenshot(page, `${name}-${width}`);
    expect(problems).toEqual([]);
    await context.close();
  }
}

describe('public pages in the browser', () => {
  it('the landing shows the demo songs and non-zero community counts', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Latest Music' });
    await expect.poll(() => latest.getByRole('article').count(), POLL).toBe(8);
    await expect.poll(() => page.getByRole('button', { name: /^Play / }).count(), POLL).toBe(8);
    // The counts start their 2 s count-up once scrolled to, and end on the real numbers.
    const songsCount = page.getByText('Songs Available').locator('..').locator('p').first();
    await songsCount.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => /^[1-9][\d,]*\+$/.test(await songsCount.innerText()), {
        timeout: 5000,
      })
      .toBe(true);
    const usersCount = page.getByText('Active Users').locator('..').locator('p').first();
    await expect
      .poll(async () => /^[1-9][\d,]*\+$/.test(await usersCount.innerText()), {
        timeout: 5000,
      })
      .toBe(true);
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'Popular Genres' }).getByRole('listitem').count(),
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'Newest Members' }).getByRole('listitem').count(),
      )
      .toBeGreaterThan(0);

    await page
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await page.waitForURL('**/login');
    expect(problems).toEqual([]);
    await context.close();

    await screenshotAtWidths('/', 'public-landing', async (shot) => {
      await expect.poll(() => shot.getByRole('article').count(), POLL).toBe(8);
      await shot.waitForTimeout(2300);
    });
  });

  it("a logged-in listener's play on the landing plays the song right there", async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Landing Listener');
    await form.getByLabel('Email').fill(`landing.${Date.now()}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('landing-pass');
    await form.getByLabel('Confirm Password').fill('landing-pass');
    await form.getByLabel(/I agree to the Terms of Service/).check();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/user/dashboard');

    await page.goto('/');
    const card = page.getByRole('region', { name: 'Latest Music' }).getByRole('article').nth(2);
    const title = await card.getByRole('heading').innerText();
    await card.getByRole('button', { name: `Play ${title}` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => player.getByText(title).isVisible(), POLL).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('privacy policy and terms of service render with their breadcrumbs', async () => {
    await screenshotAtWidths('/privacy-policy', 'public-privacy', async (page) => {
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).innerText())
        .toMatch(/Home.*Privacy Policy/s);
      await expect
        .poll(() => page.getByRole('link', { name: 'support@cadenza.local' }).count())
        .toBe(1);
    });
    await screenshotAtWidths('/terms-of-service', 'public-terms', async (page) => {
      await expect
        .poll(() => page.getByRole('button', { name: 'Governing Law' }).count(), POLL)
        .toBe(1);
      await page.getByRole('button', { name: 'Termination' }).click();
      await expect
        .poll(() => page.getByText(/You may stop using Cadenza/).isVisible(), POLL)
        .toBe(true);
    });
  });

  it('contact shows each error, then the success toast', async () => {
    const { page, context, problems } = await openPage(browser, server.url, {
      width: 390,
      height: 900,
    });
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const text of [
      'Name is required',
      'Email is required',
      'Please select an issue type',
      'Message is required',
      'Please correct the errors in the form.',
    ]) {
      await expect.poll(() => page.getByText(text).isVisible(), POLL).toBe(true);
    }
    await form.getByLabel('Your Name').fill('Journey Visitor');
    await form.getByLabel('Email Address').fill('not-an-email');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.getByText('Please enter a valid email address').isVisible())
      .toBe(true);
    await form.getByLabel('Email Address').fill('visitor@example.com');
    await form.getByRole('combobox', { name: /Issue Type/ }).click();
    await page.getByRole('option', { name: 'Playback & Streaming' }).click();
    await form.getByLabel('Message').fill('The demo songs play beautifully.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() =>
        page.getByText("Your message has been sent! We'll get back to you soon.").isVisible(),
      )
      .toBe(true);
    expect(await form.getByLabel('Your Name').inputValue()).toBe('');
    await screenshot(page, 'public-contact-sent-390');
    expect(problems).toEqual([]);
    await context.close();

    await screenshotAtWidths('/contact', 'public-contact', async (shot) => {
      await expect
        .poll(() => shot.getByRole('form', { name: 'Contact' }).isVisible(), POLL)
        .toBe(true);
    });
  });

  it('pricing shows the early-access banner with 0 days left', async () => {
    await screenshotAtWidths('/pricing', 'public-pricing', async (page) => {
      await expect.poll(() => page.getByText('days remaining').isVisible(), POLL).toBe(true);
      await expect
        .poll(() => page.getByRole('button', { name: 'See Pricing' }).isDisabled())
        .toBe(true);
    });
  });

  it('feedback shows its errors, then the thank-you view', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/feedback');
    const form = page.getByRole('form', { name: 'Feedback' });
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect
      .poll(() => page.getByText('Please provide an overall rating').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Please select an option').count(), POLL).toBe(2);
    await expect
      .poll(() => page.getByText('Please complete all required fields.').isVisible())
      .toBe(true);

    // The stars are labels over visually hidden radios: click the fourth star itself.
    await form.locator('label', { hasText: '4 Stars, Good' }).click();
    expect(await form.getByLabel('4 Stars, Good').isChecked()).toBe(true);
    await form.getByRole('radio', { name: 'Easy', exact: true }).check();
    await form.getByRole('radio', { name: 'Very Likely' }).check();
    await form.getByLabel(/What do you like most/).fill('The player');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect
      .poll(() =>
        page.getByText('Thank you! Your feedback has been submitted successfully.').isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Submit Another Response' }).isVisible())
      .toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    await screenshotAtWidths('/feedback', 'public-feedback', async (shot) => {
      await expect
        .poll(() => shot.getByRole('form', { name: 'Feedback' }).isVisible(), POLL)
        .toBe(true);
    });
  });

  it('the chat answers a question about playlists', async () => {
    for (const width of WIDTHS) {
      const { page, context, problems } = await openPage(browser, server.url, {
        width,
        height: 900,
      });
      await page.goto('/');
      await page.getByRole('button', { name: 'Open chat' }).click();
      const panel = page.getByRole('dialog', { name: 'Cadenza Assistant' });
      await expect.poll(() => panel.isVisible(), POLL).toBe(true);
      const input = panel.getByRole('textbox', { name: 'Your question' });
      await expect
        .poll(() => input.evaluate((element) => element === document.activeElement))
        .toBe(true);
      await input.fill('How do I create a playlist?');
      await input.press('Enter');
      const log = panel.getByRole('log', { name: 'Chat messages' });
      await expect
        .poll(() => log.getByTestId('chat-message-bot').count(), { timeout: 15_000 })
        .toBe(2);
      expect(
        (await log.getByTestId('chat-message-bot').last().innerText()).toLowerCase(),
      ).toContain('playlist');
      // The panel floats over the viewport: a viewport shot shows it where the user sees it.
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `public-chat-${width}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
