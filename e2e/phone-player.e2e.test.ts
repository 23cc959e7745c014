import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { audioTime, openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

const PHONE = { width: 390, height: 844 };
const LOAD = { timeout: 10_000 };

/** Whether the element at the centre of `control` is the control itself (or inside it). */
async function reachable(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** Expects every control to be the element at its own centre, naming those that are not. */
async function expectReachable(controls: Record<string, Locator>): Promise<void> {
  const covered: string[] = [];
  for (const [name, control] of Object.entries(controls))
    if (!(await reachable(control))) covered.push(name);
  expect(covered).toEqual([]);
}

/**
 * How many pixels of the window's height are taken by things fixed on screen (fixed or sticky
 * elements, wherever they overlap counted once), at the current scroll position.
 */
function fixedHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const spans: [number, number][] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { position, visibility, display } = getComputedStyle(element);
      if ((position !== 'fixed' && position !== 'sticky') || visibility === 'hidden') continue;
      if (display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.width < window.innerWidth / 2 || box.height === 0) continue;
      spans.push([Math.max(0, box.top), Math.min(window.innerHeight, box.bottom)]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let total = 0;
    let end = 0;
    for (const [top, bottom] of spans) {
      if (bottom <= end) continue;
      total += bottom - Math.max(top, end);
      end = bottom;
    }
    return Math.round(total);
  });
}

async function startFromDashboard(page: Page): Promise<string> {
  const popular = page.getByRole('list', { name: 'Popular Songs' });
  const first = popular.getByRole('heading', { level: 3 }).first();
  await first.waitFor(LOAD);
  const title = await first.innerText();
  await popular.getByRole('button', { name: `Play ${title}` }).click();
  await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(0.3);
  return title;
}

/** Drags a mouse pointer across `target` from its centre by (dx, dy), in steps. */
async function swipe(page: Page, target: Locator, dx: number, dy: number): Promise<void> {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

describe('the player on a 390×844 phone', () => {
  it('opens a now-playing sheet that covers everything, swipes, and leaves the chat nowhere in the way', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, PHONE);
    await signUpListener(page);
    const title = await startFromDashboard(page);
    const miniPlayer = page.getByRole('region', { name: 'Player' });
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    const chat = page.getByRole('button', { name: /^Open chat/ });
    await expect.poll(() => miniPlayer.getByText(title).isVisible(), LOAD).toBe(true);

    // The chat's button sits in the header: no band of its own, nothing of the page under it.
    await chat.waitFor(LOAD);
    expect(await page.getByRole('banner').locator('button[aria-label^="Open chat"]').count()).toBe(
      1,
    );
    expect(await page.getByTestId('chat-lane').count()).toBe(0);
    const fixed = await fixedHeight(page);
    const header = (await page.getByRole('banner').boundingBox())!;
    const bars = (await miniPlayer.boundingBox())!.height + (await tabs.boundingBox())!.height;
    console.info(`Fixed bars on a 390×844 phone with a song playing: ${fixed} of 844 px`);
    expect(fixed).toBeLessThanOrEqual(Math.ceil(header.height + bars));
    await expectReachable({
      chat,
      'mini-player: open': miniPlayer.getByRole('button', { name: /^Open player/ }),
      'mini-player: like': miniPlayer.getByRole('button', { name: /Liked Songs$/ }),
      'mini-player: pause': miniPlayer.getByRole('button', { name: 'Pause' }),
      ...Object.fromEntries(
        ['Home', 'Discover', 'Search', 'Your Library'].map((name) => [
          `tab ${name}`,
          tabs.getByRole('link', { name }),
        ]),
      ),
    });
    await screenshot(page, 'phone-player-mini-and-chat-390', { fullPage: false });

    // The sheet, from the mini-player: above everything, each control the element at its centre.
    await miniPlayer.getByRole('button', { name: /^Open player/ }).click();
    const sheet = page.getByTestId('now-playing-sheet');
    await expect.poll(async () => (await sheet.boundingBox())?.y, LOAD).toBe(0);
    expect(await sheet.boundingBox()).toMatchObject({ x: 0, width: 390, height: 844 });
    const corners = await sheet.evaluate((element) =>
      [
        [1, 1],
        [388, 1],
        [195, 422],
        [1, 842],
        [388, 842],
      ].every(([x, y]) => element.contains(document.elementFromPoint(x!, y!))),
    );
    expect(corners).toBe(true);
    const control = (name: string) => sheet.getByRole('button', { name, exact: true });
    await expectReachable({
      close: control('Close now playing'),
      queue: control('Open queue'),
      like: sheet.getByRole('button', { name: /Liked Songs$/ }),
      // The slider's input is visually hidden; its track is what a finger meets.
      seek: sheet.locator('.MuiSlider-root', { has: page.getByRole('slider', { name: 'Seek' }) }),
      shuffle: control('Shuffle'),
      previous: control('Previous'),
      pause: control('Pause'),
      next: control('Next'),
      repeat: control('Repeat'),
    });
    expect(await sheet.getByTestId('sheet-title').innerText()).toBe(title);
    expect(await sheet.getByLabel('Elapsed time').isVisible()).toBe(true);
    expect(await sheet.getByLabel('Total time').isVisible()).toBe(true);
    await screenshot(page, 'phone-now-playing-sheet-390', { fullPage: false });

    // Swipe left: the next song; the sheet stays.
    const cover = sheet.getByRole('img', { name: /^Cover of/ });
    await swipe(page, cover, -200, 0);
    await expect.poll(() => sheet.getByTestId('sheet-title').innerText(), LOAD).not.toBe(title);
    const second = await sheet.getByTestId('sheet-title').innerText();
    // Under the sheet (hidden from the accessibility tree meanwhile), the mini-player follows.
    const miniTitle = page.locator('section[aria-label="Player"] [data-testid="player-title"]');
    await expect.poll(() => miniTitle.innerText()).toBe(second);
    await expect.poll(async () => (await cover.boundingBox())?.x ?? -1, LOAD).toBeGreaterThan(0);

    // The queue opens over the sheet.
    await control('Open queue').click();
    const queue = page.getByRole('list', { name: 'Queue' });
    await expect.poll(() => queue.isVisible(), LOAD).toBe(true);
    await page.getByRole('button', { name: 'Close queue' }).click();
    await expect.poll(() => queue.isVisible(), LOAD).toBe(false);

    // Swipe down: closed; the song plays on.
    await swipe(page, cover, 0, 300);
    await expect.poll(() => page.getByRole('dialog').count(), LOAD).toBe(0);
    const before = await audioTime(page);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(before + 0.3);

    // /player's big Play button and its controls are uncovered; the chat is still in the header.
    await page.goto('/player');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Play', exact: true }).waitFor(LOAD);
    await expectReachable({
      chat: page.getByRole('button', { name: /^Open chat/ }),
      play: main.getByRole('button', { name: 'Play', exact: true }),
      previous: main.getByRole('button', { name: 'Previous', exact: true }),
      next: main.getByRole('button', { name: 'Next', exact: true }),
    });
    await main
      .getByRole('button', { name: 'Play', exact: true })
      .evaluate((element) => element.scrollIntoView({ block: 'end' }));
    expect(await reachable(main.getByRole('button', { name: 'Play', exact: true }))).toBe(true);
    await screenshot(page, 'phone-player-page-390', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reaches all five lists of Your Library', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, PHONE);
    await signUpListener(page);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByRole('link', { name: 'Your Library' }).click();
    await page.waitForURL('**/library/playlists');
    const lists = page.getByRole('navigation', { name: 'Library lists' });
    await expect
      .poll(() => lists.getByRole('link').allInnerTexts(), LOAD)
      .toEqual(['Playlists', 'Albums', 'Artists', 'Liked Songs', 'Recently Played']);
    await screenshot(page, 'phone-library-390', { fullPage: false });
    for (const [name, path] of [
      ['Albums', '/library/albums'],
      ['Artists', '/library/artists'],
      ['Liked Songs', '/library/liked'],
      ['Recently Played', '/library/recent'],
      ['Playlists', '/library/playlists'],
    ] as const) {
      const link = lists.getByRole('link', { name, exact: true });
      await link.scrollIntoViewIfNeeded();
      expect(await reachable(link)).toBe(true);
      await link.click();
      await page.waitForURL(`**${path}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), LOAD)
        .toBe(true);
      expect(await link.getAttribute('aria-current')).toBe('page');
      expect(
        await tabs.getByRole('link', { name: 'Your Library' }).getAttribute('aria-current'),
      ).toBe('page');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    }
    await screenshot(page, 'phone-library-playlists-390', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});
