import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * What follows the listener from one browser to another: the player settings changed in one
 * browser are there in a second one of the same account; the queue played in one is offered in
 * the other as "Continue from <device>", and an app signed in with a key reads the same queue
 * through /rest/getPlayQueue.
 */

const LISTENER = { name: 'Fay Follow', email: 'fay.follow@example.com', password: 'follow-pass-1' };
/** The first browser says it is Chrome on Linux, as a desktop browser would. */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SCREENSHOTS = '/tmp/sync';

let server: RunningServer;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  server = await startServer({ DEMO_LIBRARY: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openContext(userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page };
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(LISTENER.email);
  await form.getByLabel('Password', { exact: true }).fill(LISTENER.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/user/dashboard');
}

type Json = Record<string, unknown>;

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
  });
  expect(response.status, path).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function webToken(): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: LISTENER.email, password: LISTENER.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

interface SavedQueue {
  songs: { _id: string; title: string }[];
  currentSongId: string | null;
  positionMs: number;
  changedBy: string;
}

async function openSettings(page: Page, from: 'bar' | 'page') {
  const scope =
    from === 'bar' ? page.getByRole('region', { name: 'Player' }) : page.locator('main');
  await scope.getByRole('button', { name: 'Player settings' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Player settings' });
  await dialog.waitFor();
  return dialog;
}

describe('the player follows the account', { timeout: 180_000 }, () => {
  it('carries settings and the queue to a second browser, and the queue to an app', async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const first = await openContext(DESKTOP_CHROME);
    await signUp(first.page, LISTENER);
    const token = await webToken();

    // First browser: play the sample on /player, let it run, pause.
    await first.page.goto('/player');
    await first.page.locator('main').getByRole('button', { name: 'Play' }).first().click();
    const bar = first.page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: 'Pause' }).waitFor();
    const seek = bar.getByRole('slider', { name: 'Seek' });
    await expect
      .poll(async () => Number(await seek.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await bar.getByRole('button', { name: 'Pause' }).click();
    const title = await bar.getByTestId('player-title').innerText();
    const pausedAt = Number(await seek.getAttribute('aria-valuenow'));

    // Its settings: crossfade 8 s, the equaliser on with Treble.
    const dialog = await openSettings(first.page, 'bar');
    const crossfade = dialog.getByRole('slider', { name: 'Crossfade' });
    await crossfade.focus();
    await first.page.keyboard.press('End');
    for (let step = 0; step < 4; step += 1) await first.page.keyboard.press('ArrowLeft');
    expect(await crossfade.getAttribute('aria-valuetext')).toBe('8 seconds');
    await dialog.getByRole('switch', { name: 'Equaliser' }).check();
    await dialog.getByRole('combobox', { name: 'Preset' }).click();
    await first.page.getByRole('option', { name: 'Treble' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Both reach the server.
    await expect
      .poll(async () => (await api<Json>(token, '/api/user/player-settings')).crossfadeSeconds)
      .toBe(8);
    const saved = await expect
      .poll(async () => (await api<SavedQueue | null>(token, '/api/user/play-queue'))?.positionMs)
      .toBe(Math.round(pausedAt * 1000))
      .then(() => api<SavedQueue>(token, '/api/user/play-queue'));
    expect(saved.changedBy).toBe('Chrome on Linux');
    expect(saved.songs.find((song) => song._id === saved.currentSongId)?.title).toBe(title);

    // Second browser, same account: the settings are there and the queue is offered.
    const second = await openContext();
    await logIn(second.page);
    const offer = second.page.getByRole('status').filter({ hasText: 'Continue from' });
    await offer.waitFor();
    expect(await offer.innerText()).toContain('Continue from Chrome on Linux');
    await offer.getByRole('button', { name: 'Continue' }).click();
    await offer.waitFor({ state: 'detached' });
    const secondBar = second.page.getByRole('region', { name: 'Player' });
    await expect.poll(() => secondBar.getByTestId('player-title').innerText()).toBe(title);
    await expect
      .poll(async () =>
        Number(await secondBar.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow')),
      )
      .toBeCloseTo(pausedAt, 1);
    expect(await secondBar.getByRole('button', { name: 'Pause' }).count()).toBe(0);

    const secondDialog = await openSettings(second.page, 'bar');
    expect(
      await secondDialog.getByRole('slider', { name: 'Crossfade' }).getAttribute('aria-valuetext'),
    ).toBe('8 seconds');
    expect(await secondDialog.getByRole('switch', { name: 'Equaliser' }).isChecked()).toBe(true);
    expect(await secondDialog.getByRole('combobox', { name: 'Preset' }).innerText()).toBe('Treble');
    await screenshot(second.page, 'player-settings-desktop', { fullPage: false });
    await second.page.screenshot({ path: `${SCREENSHOTS}/player-settings-1280x800.png` });
    await secondDialog.getByRole('button', { name: 'Close' }).click();
    await secondDialog.waitFor({ state: 'detached' });

    await second.page.setViewportSize({ width: 390, height: 844 });
    await second.page.goto('/player');
    const phoneDialog = await openSettings(second.page, 'page');
    await screenshot(second.page, 'player-settings-phone', { fullPage: false });
    await second.page.screenshot({ path: `${SCREENSHOTS}/player-settings-390x844.png` });
    await phoneDialog.getByRole('button', { name: 'Close' }).click();

    // An app with a key reads the same queue through the OpenSubsonic API.
    const key = await api<{ key: string }>(token, '/api/user/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'Phone' }),
    });
    const query = new URLSearchParams({ apiKey: key.key, c: 'journey', v: '1.16.1', f: 'json' });
    const rest = await fetch(`${server.url}/rest/getPlayQueue?${query.toString()}`);
    const body = ((await rest.json()) as { 'subsonic-response': Json })['subsonic-response'];
    expect(body.status).toBe('ok');
    const queue = body.playQueue as { current: string; position: number; entry: { id: string }[] };
    // The second browser may have saved its own position since: the same song, near the same place.
    const latest = await api<SavedQueue>(token, '/api/user/play-queue');
    expect(queue.current).toBe(`tr-${saved.currentSongId}`);
    expect(queue.position).toBe(latest.positionMs);
    expect(queue.position / 1000).toBeCloseTo(pausedAt, 0);
    expect(queue.entry.map((entry) => entry.id)).toEqual(
      latest.songs.map((song) => `tr-${song._id}`),
    );
    expect(queue.entry.map((entry) => entry.id)).toContain(`tr-${saved.currentSongId}`);

    await first.context.close();
    await second.context.close();
    expect(problems).toEqual([]);
  });
});
