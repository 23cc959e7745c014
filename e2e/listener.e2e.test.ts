import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audioTime, openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

// A 1×1 PNG: a real image for the playlist cover upload.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let sequence = 0;
async function signUp(page: Page): Promise<void> {
  sequence += 1;
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Lena Listener');
  await form.getByLabel('Email').fill(`listener${sequence}.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('listen-pass');
  await form.getByLabel('Confirm Password').fill('listen-pass');
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
}

const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();
const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const counter = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Profile' })
    .getByLabel(new RegExp(`^${label}: `))
    .textContent();

async function cardTitles(page: Page, section: string): Promise<string[]> {
  return page
    .getByRole('list', { name: section })
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

async function openCardMenu(page: Page, title: string): Promise<void> {
  await page
    .getByRole('button', { name: `More options for ${title}` })
    .first()
    .click();
}

describe('a listener in the browser', () => {
  it('finds empty sections on Discover as a new user', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url);
    await signUp(page);
    await page.goto('/discover');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Discover Music' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('No recently played songs').isVisible()).toBe(true);
    expect(await page.getByText('No playlists created yet').isVisible()).toBe(true);
    expect((await cardTitles(page, 'Latest Songs')).length).toBeGreaterThan(0);
    expect((await cardTitles(page, 'Latest Songs')).length).toBeLessThanOrEqual(12);
    await screenshot(page, 'listener-discover-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'listener-discover-390');

    // Playing from Discover starts the shared player right there and records the play.
    await page.setViewportSize({ width: 1440, height: 900 });
    const first = (await cardTitles(page, 'Latest Songs'))[0]!;
    await page.getByRole('button', { name: `Play ${first}` }).click();
    await expect.poll(() => playerTitle(page)).toBe(first);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await page.reload();
    await expect
      .poll(() => page.getByRole('list', { name: 'Recently Played' }).isVisible())
      .toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('plays, skips, repeats, shuffles, likes, saves, searches and downloads', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url);
    await signUp(page);
    await expect.poll(async () => (await cardTitles(page, 'Popular Songs')).length).toBe(8);
    const popular = await cardTitles(page, 'Popular Songs');
    await screenshot(page, 'listener-dashboard-1440');

    // Play: the first song starts, the queue is the rest of the list (no recently played yet).
    await page
      .getByRole('list', { name: 'Popular Songs' })
      .getByRole('button', { name: `Play ${popular[0]}` })
      .click();
    await expect.poll(() => playerTitle(page)).toBe(popular[0]);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await screenshot(page, 'listener-playing-1440');

    // Next plays the next song of the list; previous restarts it.
    await player(page).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => playerTitle(page)).toBe(popular[1]);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(1);
    await player(page).getByRole('button', { name: 'Previous' }).click();
    expect(await playerTitle(page)).toBe(popular[1]);
    expect(await audioTime(page)).toBeLessThan(1);

    // Repeat: at the end the same song starts again.
    await player(page).getByRole('button', { name: 'Repeat' }).click();
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = audio.duration - 0.3;
    });
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeLessThan(2);
    expect(await playerTitle(page)).toBe(popular[1]);
    await player(page).getByRole('button', { name: 'Repeat' }).click();

    // Without repeat the end goes to the next song.
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = audio.duration - 0.3;
    });
    await expect.poll(() => playerTitle(page), { timeout: 10_000 }).toBe(popular[2]);

    // Shuffle keeps the current song first and the same songs after it.
    await player(page).getByRole('button', { name: 'Shuffle' }).click();
    expect(
      await player(page).getByRole('button', { name: 'Shuffle' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await player(page).getByRole('button', { name: 'Queue' }).click();
    const queue = page.getByRole('list', { name: 'Queue' });
    await expect.poll(() => queue.isVisible()).toBe(true);
    const rowNames = await queue
      .locator('[data-queue-index] [data-row-main]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    expect(rowNames[0]).toBe(`Pause ${popular[2]}`);
    // After the head come the rest of the list, each once, in a shuffled order; what has
    // played is in the History, not ahead.
    const rest = rowNames.slice(1).map((name) => name.replace(/^Play (.*) now$/u, '$1'));
    expect(rest.length).toBeGreaterThan(0);
    expect(new Set(rest).size).toBe(rest.length);
    for (const played of popular.slice(0, 3)) expect(rest).not.toContain(played);
    await screenshot(page, 'listener-queue-1440');
    await page.keyboard.press('Escape');

    // Like and unlike: the counter and the Liked Songs tab follow.
    const liked = popular[3]!;
    await page
      .getByRole('button', { name: `Like ${liked}` })
      .first()
      .click();
    await expect.poll(() => page.getByText('Added to your Liked Songs').isVisible()).toBe(true);
    await expect.poll(() => counter(page, 'Liked Songs')).toBe('1');
    await page.getByRole('tab', { name: 'Liked Songs' }).click();
    await expect.poll(() => cardTitles(page, 'Liked Songs')).toEqual([liked]);
    await page.getByRole('button', { name: `Unlike ${liked}` }).click();
    await expect.poll(() => counter(page, 'Liked Songs')).toBe('0');
    await expect
      .poll(() => page.getByText("You haven't liked any songs yet").isVisible())
      .toBe(true);

    // Library: add through the card menu, then remove.
    await page.getByRole('tab', { name: 'Home' }).click();
    await openCardMenu(page, popular[4]!);
    await page.getByRole('menuitem', { name: 'Add to Library' }).click();
    await expect.poll(() => counter(page, 'Library Songs')).toBe('1');
    await page.getByRole('tab', { name: 'Library' }).click();
    await expect.poll(() => cardTitles(page, 'Library')).toEqual([popular[4]]);
    await openCardMenu(page, popular[4]!);
    await page.getByRole('menuitem', { name: 'Remove from Library' }).click();
    await expect.poll(() => page.getByText('Your library is empty').isVisible()).toBe(true);

    // Search: results, and none.
    const search = page.getByRole('textbox', { name: 'Search songs' });
    await search.fill(popular[5]!);
    await search.press('Enter');
    await expect
      .poll(async () => cardTitles(page, 'Search Results'), { timeout: 10_000 })
      .toContain(popular[5]);
    await search.fill('zzqqxxnothing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(() => page.getByText('No results found for "zzqqxxnothing"').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Clear Search' }).click();

    // Download: the saved file carries the server's name.
    await page.getByRole('tab', { name: 'Home' }).click();
    const downloadPromise = page.waitForEvent('download');
    await openCardMenu(page, popular[0]!);
    await page.getByRole('menuitem', { name: 'Download' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^[\p{L}\p{N}_]+_[\p{L}\p{N}_]+_Cadenza\.mp3$/u);
    const saved = await download.path();
    expect(fs.statSync(saved).size).toBeGreaterThan(1000);
    await expect
      .poll(() => page.getByText(`Successfully downloaded "${popular[0]}"`).isVisible())
      .toBe(true);

    // A reload brings the player back, paused where it was. Paused, the sound engine reads no
    // song to decode (that download would hold up a song clicked instead); Play has it read one.
    const before = await playerTitle(page);
    const engineReads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch' && request.url().includes('/media/audio/')) {
        engineReads.push(request.url());
      }
    });
    await page.reload();
    await expect.poll(() => playerTitle(page)).toBe(before);
    expect(await player(page).getByRole('button', { name: 'Play', exact: true }).isVisible()).toBe(
      true,
    );
    await page.waitForLoadState('networkidle');
    expect(engineReads).toEqual([]);
    await player(page).getByRole('button', { name: 'Play', exact: true }).click();
    const resumedAt = await audioTime(page);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(resumedAt + 0.3);
    await expect.poll(() => engineReads.length).toBeGreaterThan(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'listener-dashboard-390');
    await page.goto('/player');
    await screenshot(page, 'listener-player-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'listener-player-1440');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('downloads each cover of Home’s first grid once, the early download and the card’s picture alike', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url);
    await signUp(page);
    const covers = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'image' && url.pathname.startsWith('/media/')) {
        const key = url.pathname + url.search;
        covers.set(key, (covers.get(key) ?? 0) + 1);
      }
    });
    await page.goto('/user/dashboard');
    const images = page.getByRole('list', { name: 'Popular Songs' }).locator('img');
    await expect.poll(() => images.count()).toBe(8);
    // The first row is in view: its pictures were asked for with the data, and each card's
    // <img> painted that same download instead of asking again.
    const firstRow = () =>
      images.evaluateAll((all) =>
        (all as HTMLImageElement[]).slice(0, 4).map((image) => ({
          src: new URL(image.src).pathname + new URL(image.src).search,
          painted: image.complete && image.naturalWidth > 0,
        })),
      );
    await expect.poll(async () => (await firstRow()).every((image) => image.painted)).toBe(true);
    for (const { src } of await firstRow()) expect(covers.get(src)).toBe(1);
    expect([...covers.values()].every((count) => count === 1)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a playlist with a cover, adds and removes a song, and deletes it', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url);
    await signUp(page);
    await expect.poll(async () => (await cardTitles(page, 'Popular Songs')).length).toBe(8);
    const popular = await cardTitles(page, 'Popular Songs');

    await page.getByRole('tab', { name: 'Playlists' }).click();
    await page.getByRole('button', { name: 'Create First Playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Playlist' });
    expect(await dialog.getByRole('button', { name: 'Create Playlist' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Playlist Name').fill('Road Trip');
    await dialog.getByLabel('Description (Optional)').fill('Songs for the highway');
    await dialog
      .getByLabel('Cover image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect
      .poll(() => dialog.getByRole('img', { name: 'Cover preview' }).isVisible())
      .toBe(true);
    await screenshot(page, 'listener-create-playlist-1440');
    await dialog.getByRole('button', { name: 'Create Playlist' }).click();
    await expect.poll(() => page.getByText('Playlist created successfully').isVisible()).toBe(true);
    await expect.poll(() => counter(page, 'Playlists')).toBe('1');

    await page.getByRole('tab', { name: 'Home' }).click();
    await openCardMenu(page, popular[0]!);
    await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
    await page.getByRole('dialog', { name: 'Add to Playlist' }).getByText('Road Trip').click();
    await expect.poll(() => page.getByText('Song added to playlist').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Playlists' }).click();
    await page.getByRole('button', { name: 'Open playlist Road Trip' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Playlist: Road Trip' });
    await expect.poll(() => drawer.getByText(popular[0]!).isVisible()).toBe(true);
    await screenshot(page, 'listener-playlist-drawer-1440');
    await drawer.getByRole('button', { name: `Remove ${popular[0]} from playlist` }).click();
    await expect.poll(() => drawer.getByText('This playlist is empty').isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close panel' }).click();

    await page.getByRole('button', { name: 'Delete playlist Road Trip' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete playlist' });
    expect(
      await confirm
        .getByText('Are you sure you want to delete the playlist "Road Trip"?')
        .isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Playlist deleted successfully').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText("You haven't created any playlists yet").isVisible())
      .toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
