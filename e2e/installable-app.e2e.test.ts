import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Response } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { startServer, type RunningServer } from './support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(root, 'apps/web');
const LOAD = { timeout: 15_000 };
const OFFLINE = "You're offline. What has already loaded keeps playing.";

/** The build the page comes from, as its index.html names it. */
const buildOfPage = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLMetaElement>('meta[name="cadenza-build"]')?.content ?? '',
  );

/** Resolves once the app's service worker is installed and active (it then serves new pages). */
const workerActive = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

/** Resolves once a service worker controls the page. */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, LOAD);

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('an installable app', () => {
  const demo = useDemoServer();

  it('meets the browser’s install criteria: a manifest with its icons and a worker in control', async () => {
    // Installing is refused in incognito windows, which a new context is: a profile on disk.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox'],
      baseURL: demo.server.url,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await workerActive(page);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      expect(url).toBe(`${demo.server.url}/manifest.webmanifest`);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }

    const answer = await fetch(`${demo.server.url}/manifest.webmanifest`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Cadenza', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Search', '/search'],
      ['Liked Songs', '/library/liked'],
    ]);
    const purposes = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`);
    expect(purposes).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(`${demo.server.url}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      const side = Number(icon.sizes.split('x')[0]);
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual([side, side]);
    }
  });

  it('opens offline, even on a screen it had not shown yet', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, {
      width: 390,
      height: 844,
    });
    await signUpListener(page);
    await workerActive(page);
    await context.setOffline(true);

    await page.goto('/library/liked');
    await page.getByRole('heading', { name: 'Liked Songs', level: 1 }).waitFor(LOAD);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor(LOAD);
    // Its songs need the server: the list says it could not load them, and offers to try again.
    await page.getByRole('main').getByRole('button', { name: 'Retry' }).waitFor(LOAD);
    await screenshot(page, 'installable-offline-liked-390', { fullPage: false });
    // What the page asked of the network failed, as it must offline; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual(
      [],
    );
    await context.close();
  });
});

/**
 * A copy of the built server whose web app can be swapped for another build while it runs, as a
 * deploy does: node_modules and the server's assets are linked, the rest copied.
 */
function swappableInstall(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-update-'));
  fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const server = path.join(dir, 'apps/server');
  fs.mkdirSync(server, { recursive: true });
  fs.copyFileSync(path.join(root, 'apps/server/package.json'), path.join(server, 'package.json'));
  fs.cpSync(path.join(root, 'apps/server/dist'), path.join(server, 'dist'), { recursive: true });
  for (const linked of ['assets', 'node_modules']) {
    fs.symlinkSync(path.join(root, 'apps/server', linked), path.join(server, linked));
  }
  fs.cpSync(path.join(WEB, 'dist'), path.join(dir, 'apps/web/dist'), { recursive: true });
  return dir;
}

/** A second build of the same sources, one statement more: every chunk gets a new name. */
async function nextBuild(outDir: string): Promise<void> {
  // The test runner says `test`; the build would then bundle React's development version.
  const runnerMode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await productionBuild(outDir);
  } finally {
    process.env.NODE_ENV = runnerMode;
  }
}

async function productionBuild(outDir: string): Promise<void> {
  await build({
    mode: 'production',
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'next-version',
        // A statement, not a comment: the minifier would drop a comment.
        transform: (code, id) =>
          id.endsWith('/src/app/main.tsx') ? `${code}\nglobalThis.cadenzaNextBuild = true;` : null,
      },
    ],
  });
}

describe('a new version', () => {
  let install: string;
  let server: RunningServer | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;

  beforeAll(async () => {
    install = swappableInstall();
    await nextBuild(path.join(install, 'next'));
    server = await startServer({ DEMO_LIBRARY: 'true' }, { installRoot: install });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(install, { recursive: true, force: true });
  });

  it('is announced on every open page, breaks none of them, and loads when chosen', async () => {
    if (!server || !browser) throw new Error('not started');
    const { page: first, context, problems } = await openPage(browser, server.url);
    await signUpListener(first);
    // The page that installed the worker is not taken over halfway: from its next load on.
    await workerActive(first);
    await first.reload();
    await controlled(first);
    const oldBuild = await buildOfPage(first);
    const second = await context.newPage();
    await second.goto('/discover');
    await controlled(second);

    // The deploy: the server now has the next build, and none of the old one's files.
    const dist = path.join(install, 'apps/web/dist');
    fs.renameSync(dist, path.join(install, 'previous'));
    fs.renameSync(path.join(install, 'next'), dist);
    await first.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Update available' });
    await notice(first).waitFor(LOAD);
    await notice(second).waitFor(LOAD);
    await screenshot(first, 'installable-update-available', { fullPage: false });

    // Still on the old build, the second page opens a screen it had not loaded: its code is kept.
    const fromWorker: Response[] = [];
    const fromServer: string[] = [];
    second.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/assets/')) return;
      if (response.fromServiceWorker()) fromWorker.push(response);
      else fromServer.push(response.url());
    });
    await second.getByRole('link', { name: 'Liked Songs' }).first().click();
    await second.getByRole('heading', { name: 'Liked Songs', level: 1 }).waitFor(LOAD);
    expect(fromServer).toEqual([]);
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker.map((response) => response.status())).toEqual(fromWorker.map(() => 200));
    // Some of that code is gone from the server: only the kept copy could open the screen.
    const onServer = await Promise.all(fromWorker.map((response) => fetch(response.url())));
    expect(onServer.filter((answer) => answer.status === 404).length).toBeGreaterThan(0);

    // The listener chooses to load it on the first page; the second keeps its notice meanwhile.
    await notice(first).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => buildOfPage(first), LOAD).not.toBe(oldBuild);
    const newBuild = await buildOfPage(first);
    expect(await notice(second).isVisible()).toBe(true);
    expect(await buildOfPage(second)).toBe(oldBuild);

    await second.bringToFront();
    await notice(second).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => buildOfPage(second), LOAD).toBe(newBuild);
    await second.getByRole('heading', { name: 'Liked Songs', level: 1 }).waitFor(LOAD);
    expect(await notice(first).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
