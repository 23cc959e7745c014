import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { audioTime, openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LOAD = { timeout: 10_000 };

/** The address of the first album on Albums (the demo library fills it). */
async function firstAlbumPath(page: Page): Promise<string> {
  await page.goto('/library/albums');
  const link = page.getByRole('main').locator('a[href^="/album/"]').first();
  await link.waitFor(LOAD);
  return (await link.getAttribute('href')) ?? '';
}

describe("a listener's app shell", () => {
  it('on a desktop: the sidebar stays beside the page and navigates', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, DESKTOP);
    await signUpListener(page);
    const browse = page.getByRole('navigation', { name: 'Browse' });
    const library = page.getByRole('navigation', { name: 'Your library' });
    await expect.poll(() => library.isVisible(), LOAD).toBe(true);
    expect(await browse.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.getByRole('navigation', { name: 'Tabs' }).count()).toBe(0);

    await library.getByRole('link', { name: 'Liked Songs' }).click();
    await page.waitForURL('**/library/liked');
    await expect
      .poll(() => library.getByRole('link', { name: 'Liked Songs' }).getAttribute('aria-current'))
      .toBe('page');

    // Sticky: after scrolling the page, the sidebar is still at the top of the window.
    await browse.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/user/dashboard');
    await expect.poll(() => page.getByRole('article').count(), LOAD).toBeGreaterThan(4);
    // Home's rows may still be arriving and growing the page, so the scroll is asked again.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 400);
          return window.scrollY;
        }),
      )
      .toBe(400);
    const box = await browse.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(68);
    expect(box?.y).toBeLessThan(120);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'shell-dashboard-1440', { fullPage: false });

    await page.goto('/library/playlists');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), LOAD).toBe(true);
    await screenshot(page, 'shell-library-playlists-1440', { fullPage: false });
    await page.goto(await firstAlbumPath(page));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), LOAD).toBe(true);
    const play = page.getByRole('main').getByRole('button', { name: /^Play/ }).first();
    await play.click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => player.getByRole('slider', { name: 'Seek' }).isVisible()).toBe(true);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(0.3);
    await screenshot(page, 'shell-album-1440', { fullPage: false });
    await page.goto('/player');
    await expect.poll(() => page.getByRole('list', { name: 'Queue' }).isVisible(), LOAD).toBe(true);
    await screenshot(page, 'shell-player-1440', { fullPage: false });
    // A narrower window leaves the now-playing column less room than the window suggests (the
    // sidebar and the queue keep theirs): the transport row overlaps neither the cover nor the
    // queue, whatever the width.
    for (const width of [1440, 1280, 1100]) {
      await page.setViewportSize({ width, height: 800 });
      const boxes = await page.evaluate(() => {
        const main = document.querySelector('main');
        const box = (element: Element | null | undefined) => {
          const r = element?.getBoundingClientRect();
          return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
        };
        const button = (name: string) => box(main?.querySelector(`button[aria-label="${name}"]`));
        return {
          cover: box(main?.querySelector('img[alt^="Cover of"]')?.parentElement),
          queue: box(main?.querySelector('section[aria-label="Queue"]')),
          controls: ['Shuffle', 'Previous', 'Next', 'Repeat'].map(button),
        };
      });
      type Box = { left: number; right: number; top: number; bottom: number };
      const apart = (a: Box, b: Box) =>
        a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(boxes.cover).not.toBeNull();
      expect(boxes.queue).not.toBeNull();
      for (const control of boxes.controls) {
        expect(control, `a transport button at ${width} px`).not.toBeNull();
        expect(apart(control!, boxes.cover!), `the cover at ${width} px`).toBe(true);
        expect(apart(control!, boxes.queue!), `the queue at ${width} px`).toBe(true);
      }
    }
    await screenshot(page, 'shell-player-1100', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone: tab bar, a mini-player that opens the now-playing sheet, and nothing hidden under them', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, PHONE);
    await signUpListener(page);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect.poll(() => tabs.isVisible(), LOAD).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Your library' }).count()).toBe(0);
    expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // Start a song from the dashboard.
    const popular = page.getByRole('list', { name: 'Popular Songs' });
    const first = popular.getByRole('heading', { level: 3 }).first();
    await first.waitFor(LOAD);
    const title = await first.innerText();
    await popular.getByRole('button', { name: `Play ${title}` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => player.getByText(title).isVisible(), LOAD).toBe(true);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(0.3);
    const playerBox = await player.boundingBox();
    const tabsBox = await tabs.boundingBox();
    expect(playerBox!.height).toBeLessThanOrEqual(64);
    // It sits right on top of the tab bar.
    expect(Math.abs(playerBox!.y + playerBox!.height - tabsBox!.y)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

    // The last card of the dashboard can be scrolled clear of both bars. Asked again until it
    // holds: sections still arriving (the mixes, say) move what the last card is meanwhile.
    const last = page.getByRole('article').last();
    const reachable = () =>
      last.evaluate((card) => {
        card.scrollIntoView({ block: 'end' });
        const box = card.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && card.contains(hit);
      });
    await expect.poll(reachable, LOAD).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'shell-dashboard-390', { fullPage: false });

    // Tapping the mini-player opens the now-playing sheet over the page; the song plays on.
    await player.getByRole('button', { name: /^Open player/ }).click();
    const sheet = page.getByRole('dialog', { name: title });
    await expect.poll(() => sheet.isVisible(), LOAD).toBe(true);
    for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat', 'Open queue']) {
      expect(await sheet.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    await sheet.getByRole('button', { name: 'Close now playing' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), LOAD).toBe(0);

    // /player is still the now-playing screen with the queue (reached inside the app, as from a
    // link, so the song plays on without a reload).
    await page.evaluate(() => {
      window.history.pushState(null, '', '/player');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/player');
    const queue = page.getByRole('list', { name: 'Queue' });
    await expect.poll(() => queue.isVisible(), LOAD).toBe(true);
    expect(await queue.getByRole('listitem').count()).toBeGreaterThan(1);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible())
      .toBe(true);
    const before = await audioTime(page);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(before + 0.5);
    for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat', 'Mute']) {
      expect(await page.getByRole('main').getByRole('button', { name, exact: true }).count()).toBe(
        1,
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'shell-player-390', { fullPage: false });

    await tabs.getByRole('link', { name: 'Your Library' }).click();
    await page.waitForURL('**/library/playlists');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Playlists' }).isVisible(), LOAD)
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'shell-library-playlists-390', { fullPage: false });
    await page.goto(await firstAlbumPath(page));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), LOAD).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'shell-album-390', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});
