import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

/** The demo library's longest album, in track order. */
const ALBUM = 'After the Rain';
const TRACKS = [
  'Blue Umbrella',
  'Smoke Rings at Dawn',
  'Café Lumière',
  'Velvet Corridor',
  'Streetlamp Waltz',
  'Last Ferry Home',
];
const queuePanel = (page: Page) => page.getByRole('complementary', { name: 'Queue' });
/** The queue view's rows, top to bottom, by their play buttons' names. */
const queueRows = (page: Page) =>
  queuePanel(page)
    .locator('[data-row-main]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
const headings = (page: Page) =>
  queuePanel(page)
    .getByRole('heading', { level: 3 })
    .evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''));
const currentTitle = (page: Page) => page.getByTestId('player-title').first().textContent();

async function openAlbum(page: Page): Promise<void> {
  await page.goto(`/search?q=${encodeURIComponent(ALBUM)}`);
  await page.getByRole('link', { name: ALBUM, exact: true }).first().click();
  await page.waitForURL('**/album/**');
  await page.getByRole('grid', { name: `Tracks of ${ALBUM}` }).waitFor({ timeout: 15_000 });
}

async function fromMenu(page: Page, title: string, action: string): Promise<void> {
  const row = page.getByRole('grid', { name: `Tracks of ${ALBUM}` }).getByRole('row', {
    name: title,
    exact: true,
  });
  await row.hover();
  await row.getByRole('button', { name: `More options for ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('the queue in the browser', () => {
  it('plays track N then N+1, takes Play next and Add to queue, reorders by keyboard and keeps a history', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, {
      width: 1280,
      height: 800,
    });
    await signUpListener(page, 'Quinn Queue');
    await openAlbum(page);

    // Track 2 plays with 3, 4, 5 and 6 after it, not the album from its top.
    await page
      .getByRole('grid', { name: `Tracks of ${ALBUM}` })
      .getByRole('row', { name: TRACKS[1], exact: true })
      .dblclick();
    await expect.poll(() => currentTitle(page), { timeout: 10_000 }).toBe(TRACKS[1]);
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Queue' })
      .click();
    await queuePanel(page).waitFor();
    await expect
      .poll(() => queueRows(page))
      .toEqual([`Pause ${TRACKS[1]}`, ...TRACKS.slice(2).map((title) => `Play ${title} now`)]);
    expect(await headings(page)).toEqual([`Next from: ${ALBUM}`]);
    expect(await queuePanel(page).getByRole('link', { name: ALBUM }).count()).toBe(1);
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect.poll(() => currentTitle(page)).toBe(TRACKS[2]);

    // Add to queue goes to the end of Next up, Play next to its front.
    await fromMenu(page, TRACKS[0]!, 'Add to queue');
    await expect.poll(() => page.getByText('Added to queue').isVisible()).toBe(true);
    await fromMenu(page, TRACKS[5]!, 'Play next');
    await expect.poll(() => page.getByText('Playing next').isVisible()).toBe(true);
    await expect
      .poll(() => queueRows(page))
      .toEqual([
        `Pause ${TRACKS[2]}`,
        `Play ${TRACKS[5]} now`,
        `Play ${TRACKS[0]} now`,
        `Play ${TRACKS[3]} now`,
        `Play ${TRACKS[4]} now`,
        `Play ${TRACKS[5]} now`,
        `Play ${TRACKS[1]} again`,
      ]);
    expect(await headings(page)).toEqual(['Next up', `Next from: ${ALBUM}`, 'History']);

    // By keyboard: Streetlamp Waltz moves up twice, into Next up, and the move is announced.
    await queuePanel(page)
      .getByRole('button', { name: `Play ${TRACKS[4]} now` })
      .focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect
      .poll(() => queueRows(page))
      .toEqual([
        `Pause ${TRACKS[2]}`,
        `Play ${TRACKS[5]} now`,
        `Play ${TRACKS[4]} now`,
        `Play ${TRACKS[0]} now`,
        `Play ${TRACKS[3]} now`,
        `Play ${TRACKS[5]} now`,
        `Play ${TRACKS[1]} again`,
      ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Play ${TRACKS[4]} now`,
    );
    await expect
      .poll(() => queuePanel(page).getByRole('status').textContent())
      .toBe(`${TRACKS[4]} moved to position 2 of 5, in Next up.`);

    // The panel leaves the player usable: its Pause button is not covered (once the song menu
    // closed for Play next has faded out: its layer takes the clicks until then).
    const pause = page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Pause' });
    const box = (await pause.boundingBox())!;
    await expect
      .poll(() =>
        page.evaluate(
          ([x, y]) =>
            document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
          [box.x + box.width / 2, box.y + box.height / 2],
        ),
      )
      .toBe('Pause');
    await screenshot(page, 'queue-panel-1280', { fullPage: false });

    // A History row plays again.
    await queuePanel(page)
      .getByRole('button', { name: `Play ${TRACKS[1]} again` })
      .click();
    await expect.poll(() => currentTitle(page)).toBe(TRACKS[1]);
    // The queue view follows the player a render later than the title, on a busy machine.
    await expect.poll(async () => (await queueRows(page))[1]).toBe(`Play ${TRACKS[2]} now`);

    // On a phone the queue is a sheet over the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Close queue' }).click();
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Queue' })
      .click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Now Playing' }).waitFor();
    await screenshot(page, 'queue-sheet-390', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});
