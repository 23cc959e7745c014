import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

async function signUp(page: Page): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Pia Playlister');
  await form.getByLabel('Email').fill(`playlister.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('listen-pass');
  await form.getByLabel('Confirm Password').fill('listen-pass');
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
}

const songRows = (page: Page) =>
  page.getByRole('grid', { name: 'Songs', exact: true }).locator('[data-song-index]');
const order = (page: Page) =>
  songRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

/** Waits for the answer to the move the action makes. */
async function savedMove(page: Page, action: () => Promise<void>): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/position') && response.request().method() === 'PUT',
  );
  await action();
  expect((await saved).status()).toBe(200);
}

describe('a playlist page in the browser', () => {
  it('creates, fills, reorders, renames, shares and hides a playlist', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: demo.server.url,
    });
    await signUp(page);

    // Created from the library, it opens on its own page.
    await page.goto('/library/playlists');
    await page.getByRole('button', { name: 'Create Playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Playlist' });
    await dialog.getByLabel(/Playlist Name/).fill('Road Trip');
    // New playlists are private: this one is made public as it is created.
    await dialog.getByRole('switch', { name: /Public/ }).check();
    await dialog.getByRole('button', { name: 'Create Playlist' }).click();
    await page.waitForURL(/\/playlist\/[0-9a-f-]+$/);
    const playlistPath = new URL(page.url()).pathname;
    await expect
      .poll(() => page.getByText('This playlist is empty').isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Songs come from the search on the page.
    const search = page.getByRole('searchbox', { name: 'Search for songs to add' });
    for (const title of ['Paper Lanterns', 'Ironwood', 'Cinder Road']) {
      await search.fill(title);
      await page.getByRole('button', { name: `Add ${title}`, exact: true }).click();
      await expect
        .poll(() => page.getByRole('button', { name: `${title} added` }).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
    }
    expect(await order(page)).toEqual(['Paper Lanterns', 'Ironwood', 'Cinder Road']);

    // By keyboard: pick up, move up twice, drop.
    await page.getByRole('button', { name: 'Reorder Cinder Road' }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Picked up Cinder Road' }).count())
      .toBe(1);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await savedMove(page, () => page.keyboard.press('Space'));
    expect(await order(page)).toEqual(['Cinder Road', 'Paper Lanterns', 'Ironwood']);

    // By mouse: drag Ironwood's handle onto the first row.
    await savedMove(page, () =>
      page.getByRole('button', { name: 'Reorder Ironwood' }).dragTo(songRows(page).first()),
    );
    expect(await order(page)).toEqual(['Ironwood', 'Cinder Road', 'Paper Lanterns']);

    // The server kept the order.
    await page.reload();
    await expect
      .poll(() => order(page), { timeout: 10_000 })
      .toEqual(['Ironwood', 'Cinder Road', 'Paper Lanterns']);
    await screenshot(page, 'playlist-page-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    // The sidebar gives way to the tab bar once the page has seen the new width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'playlist-page-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A public playlist shares its address.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.getByText('Link copied').isVisible()).toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${demo.server.url}${playlistPath}`);

    // Renamed and made private in the edit dialog.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Playlist' });
    await edit.getByLabel(/Playlist Name/).fill('Night Drive');
    await edit.getByRole('switch').uncheck();
    await screenshot(page, 'playlist-edit-dialog-1440', { fullPage: false });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Night Drive', level: 1 }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByText('Private playlist').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(0);

    await page.goto('/library/playlists');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Night Drive' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await screenshot(page, 'library-playlists-1440');
    // Loaded afresh at phone size, without the wide window's toasts sliding out.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Night Drive' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    // The sidebar gives way to the tab bar once the page has seen the new width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'library-playlists-390');
    expect(problems).toEqual([]);
    await context.close();
  });
});
