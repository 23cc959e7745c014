import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(root, 'test-results/screenshots');

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

export interface TrackedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and warnings, and uncaught page errors, seen so far. */
  readonly problems: string[];
}

/**
 * A new browser context (own storage) with a page whose console problems are collected. The app's
 * service worker registers as it does for a listener; `serviceWorkers: 'block'` keeps it out, for
 * a journey that routes the app's own files (a worker would answer them from its copies).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1440, height: 900 },
  { serviceWorkers = 'allow' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    acceptDownloads: true,
    serviceWorkers,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A failed resource names no address in its text; the location says which one it was.
    const where = message.location().url;
    problems.push(`${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, context, problems };
}

/** The whole page by default; `fullPage: false` keeps to the window (a dialog over a long page). */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Transitions (a dialog fading in, a tab indicator sliding, a bar filling) end at once.
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/** Where the player's audio element is, in seconds (-1 without one). */
export const audioTime = (page: Page): Promise<number> =>
  page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);
