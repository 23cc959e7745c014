import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { audioTime, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

/**
 * A smart playlist built in the browser over the demo library: nested rules with a live count,
 * saved and played, following a like as it happens, carried out as Navidrome's .nsp and back.
 */

const demo = useDemoServer();

const LOAD = { timeout: 10_000 };
const NAME = 'Rainy Sunday';

const rule = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** Chooses a rule's field and operator (native selects) and types its values, by label. */
async function fillRule(
  row: Locator,
  field: string,
  operator: string,
  values: Record<string, string>,
): Promise<void> {
  await row.getByRole('combobox', { name: 'Field' }).selectOption({ label: field });
  await row.getByRole('combobox', { name: 'Operator' }).selectOption({ label: operator });
  for (const [label, value] of Object.entries(values)) {
    await row.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

/** The count the editor's preview shows once it has settled on the rules as they stand. */
const previewSays = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).isVisible(), LOAD).toBe(true);

/** The song count a playlist's header gives ("Lena Listener · 7 songs · 31 min"). */
const headerSays = (page: Page, songs: string) =>
  expect.poll(() => page.getByText(new RegExp(`· ${songs} ·`)).isVisible(), LOAD).toBe(true);

describe('a smart playlist in the browser', () => {
  it('is built from nested rules with a live count, plays, follows a like, and goes out and back as .nsp', async () => {
    const context = await demo.browser.newContext({
      baseURL: demo.server.url,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await signUpListener(page, 'Sunday Listener');

    await page.goto('/library/playlists');
    await page.getByRole('button', { name: 'New smart playlist' }).click();
    await page.getByRole('heading', { name: 'New smart playlist', level: 1 }).waitFor(LOAD);
    await page.getByText('Fill in every rule to see how many songs match.').waitFor(LOAD);
    await page.getByRole('textbox', { name: 'Playlist Name' }).fill(NAME);

    // All of: released 2019 to 2021 (the jazz, rock and Tidewater albums: 14 songs)…
    await fillRule(rule(page, 'Rule 1'), 'Year', 'is in the range', { From: '2019', To: '2021' });
    await previewSays(page, '14 songs match');

    // …and any of: by The Ellery Quartet, a title with "Road" in it, or liked.
    await page
      .getByRole('group', { name: 'Rules' })
      .getByRole('button', { name: 'Add group' })
      .click();
    const group = page.getByRole('group', { name: 'Group 2', exact: true });
    expect(await group.getByRole('combobox', { name: 'Songs match' }).inputValue()).toBe('any');
    await fillRule(rule(page, 'Rule 2.1'), 'Album artist', 'is', { Value: 'The Ellery Quartet' });
    await previewSays(page, '6 songs match');
    await group.getByRole('button', { name: 'Add rule to group 2' }).click();
    await fillRule(rule(page, 'Rule 2.2'), 'Title', 'contains', { Value: 'road' });
    await previewSays(page, '7 songs match');
    await group.getByRole('button', { name: 'Add rule to group 2' }).click();
    await rule(page, 'Rule 2.3').getByRole('combobox', { name: 'Field' }).selectOption({
      label: 'Liked',
    });
    // Nothing is liked yet: the count stays.
    await previewSays(page, '7 songs match');
    const sample = page.getByRole('list', { name: 'First matching songs' });
    expect(await sample.getByText('Cinder Road').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title' });
    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Ascending' });
    // The preview follows the order too: A to Z, Blue Umbrella first.
    await expect
      .poll(() => sample.getByRole('listitem').first().textContent(), LOAD)
      .toMatch(/^Blue Umbrella/);
    await screenshot(page, 'smart-playlist-editor-1440');

    await page.getByRole('button', { name: 'Create smart playlist' }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor(LOAD);
    await page.getByText('Private smart playlist').waitFor(LOAD);
    await headerSays(page, '7 songs');
    // Sorted by title, A to Z: Blue Umbrella first.
    const firstRow = page.getByRole('main').getByText('Blue Umbrella').first();
    await firstRow.waitFor(LOAD);
    await screenshot(page, 'smart-playlist-page-1440');

    // It plays like any playlist.
    await page.getByRole('button', { name: `Play ${NAME}` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => player.getByText('Blue Umbrella').isVisible(), LOAD).toBe(true);
    await expect.poll(() => audioTime(page), LOAD).toBeGreaterThan(0.3);
    await player.getByRole('button', { name: 'Pause' }).click();

    // A song liked elsewhere joins it at once: the rules are read, not a list kept.
    await page.goto('/search?q=Ironwood');
    // The row's heart shows under the pointer.
    await page.getByRole('row', { name: 'Ironwood' }).hover(LOAD);
    await page.getByRole('button', { name: 'Like Ironwood' }).click();
    await page.getByRole('button', { name: 'Unlike Ironwood' }).waitFor(LOAD);
    await page.goto('/library/playlists');
    const card = page.getByRole('article', { name: NAME });
    await card.waitFor(LOAD);
    expect(await card.getByRole('img', { name: 'Smart playlist' }).count()).toBe(1);
    await card.getByText(NAME, { exact: true }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor(LOAD);
    await headerSays(page, '8 songs');

    // Out as Navidrome's .nsp…
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .nsp' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${NAME}.nsp`);
    const nsp = JSON.parse(fs.readFileSync(await saved.path(), 'utf8')) as {
      name: string;
      all: unknown[];
      sort: string;
      order: string;
    };
    expect(nsp).toMatchObject({
      name: NAME,
      all: [{ inTheRange: { year: [2019, 2021] } }, { any: expect.any(Array) as unknown }],
      sort: 'title',
      order: 'asc',
    });

    // …and back in under another name: the same rules choose the same songs.
    await page.goto('/library/playlists');
    await page.getByLabel('Smart playlist file (.nsp)').setInputFiles({
      name: 'brought-along.nsp',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...nsp, name: 'Brought Along' })),
    });
    await page.getByText('Imported "Brought Along"').waitFor(LOAD);
    await page.getByRole('heading', { name: 'Brought Along', level: 1 }).waitFor(LOAD);
    await headerSays(page, '8 songs');

    // The editor on a phone: every rule reachable, nothing wider than the screen.
    await page.getByRole('button', { name: 'Edit rules' }).click();
    await page.getByRole('heading', { name: 'Edit smart playlist', level: 1 }).waitFor(LOAD);
    await page.setViewportSize({ width: 390, height: 844 });
    await previewSays(page, '8 songs match');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(
      await rule(page, 'Rule 2.3').getByRole('switch', { name: 'Liked: yes' }).isChecked(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'smart-playlist-editor-390', { fullPage: false });

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
