import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Brings every button of every card and list row on the page into view, once to the bottom of
 * the window and once to its middle, and names each one that is not the element at its centre
 * (and what is there instead).
 */
function coveredButtons(page: Page): Promise<{ checked: number; covered: string[] }> {
  return page.evaluate(() => {
    const name = (element: Element | null) =>
      element
        ? `${element.tagName.toLowerCase()}${
            element.closest('[aria-label]')?.getAttribute('aria-label')
              ? ` in "${element.closest('[aria-label]')?.getAttribute('aria-label')}"`
              : ''
          }${element.closest('[data-testid]') ? ` (${element.closest('[data-testid]')?.getAttribute('data-testid')})` : ''}`
        : 'nothing';
    const rows = [
      ...document.querySelectorAll(
        'main article, main [role="listitem"], main li, main [role="row"]',
      ),
    ];
    const buttons = [
      ...new Set(
        rows.flatMap((row) => [...row.querySelectorAll('button, [role="button"], a[href]')]),
      ),
    ];
    const covered: string[] = [];
    let checked = 0;
    for (const block of ['end', 'center'] as const) {
      for (const button of buttons) {
        if (!button.isConnected) continue;
        const before = button.getBoundingClientRect();
        if (before.width === 0 || before.height === 0) continue;
        // In a row that scrolls sideways, the card comes first to the row's start (where rows snap).
        const item = button.closest('[role="listitem"]');
        const row = item?.parentElement;
        if (item && row && row.scrollWidth > row.clientWidth)
          row.scrollLeft += item.getBoundingClientRect().left - row.getBoundingClientRect().left;
        button.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        checked += 1;
        if (!hit || !(hit === button || button.contains(hit)))
          covered.push(
            `${button.getAttribute('aria-label') ?? button.textContent} (block ${block}, at ${Math.round(box.left)},${Math.round(box.top)} of ${window.innerWidth}×${window.innerHeight}) is under ${name(hit)}`,
          );
      }
    }
    return { checked, covered };
  });
}

async function expectNothingCovered(page: Page, where: string): Promise<void> {
  const { checked, covered } = await coveredButtons(page);
  expect(checked, `buttons checked on ${where}`).toBeGreaterThan(0);
  expect(covered, where).toEqual([]);
}

/** Waits until no toast is on screen (they hide themselves after 5 s). */
async function noToasts(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.MuiAlert-root').count(), { timeout: 10_000 }).toBe(0);
}

/** The box of the toast showing `text` once it has slid in. */
async function toastBox(page: Page, text: string): Promise<Box> {
  const toast = page.locator('.MuiAlert-root', { hasText: text });
  await toast.waitFor();
  let box: Box | null = null;
  await expect
    .poll(async () => {
      const now = await toast.boundingBox();
      const same = now && box && now.x === box.x && now.y === box.y;
      box = now;
      return same;
    })
    .toBe(true);
  return box!;
}

/**
 * The boxes of every button in a dialog on screen, read in one step: a dialog that is closing
 * may leave the page between finding its buttons and measuring them.
 */
async function dialogButtonBoxes(page: Page): Promise<Box[]> {
  const boxes = await page.locator('[role="dialog"] button').evaluateAll((buttons) =>
    buttons.map((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  return boxes.filter((box) => box.width > 0);
}

async function expectToastClear(page: Page, text: string, control: Box): Promise<void> {
  const toast = await toastBox(page, text);
  expect(intersects(toast, control), `"${text}" covers the control that produced it`).toBe(false);
  for (const button of await dialogButtonBoxes(page))
    expect(intersects(toast, button), `"${text}" covers a dialog's button`).toBe(false);
}

describe.each(SIZES)('on a $name screen ($width×$height)', (size) => {
  it('the chat button covers no card button, logged out and with a song playing', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, size);

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('main article').first().waitFor();
    await expectNothingCovered(page, 'the landing page');

    await signUpListener(page);
    const popular = page.getByRole('list', { name: 'Popular Songs' });
    await popular.getByRole('heading', { level: 3 }).first().waitFor();
    const first = await popular.getByRole('heading', { level: 3 }).first().textContent();
    await popular.getByRole('button', { name: `Play ${first}` }).click();
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(first);

    for (const tab of ['Home', 'Browse', 'Liked Songs', 'Library', 'Playlists']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected'))
        .toBe('true');
      await page.locator('main [role="progressbar"]').first().waitFor({ state: 'detached' });
      if (tab === 'Browse') {
        for (const view of ['Grid', 'List']) {
          await page.getByRole('button', { name: view, exact: true }).click();
          await page.locator('main article:visible, main [role="row"]:visible').first().waitFor();
          await expectNothingCovered(page, `the dashboard's ${tab} tab, ${view}`);
        }
      } else {
        await expectNothingCovered(page, `the dashboard's ${tab} tab`);
      }
    }

    await page.goto('/discover');
    await page.getByRole('heading', { name: 'Discover Music' }).waitFor();
    await page.locator('main article').first().waitFor();
    await expectNothingCovered(page, '/discover');

    await page.goto('/user/dashboard');
    await page.getByRole('tab', { name: 'Playlists', exact: true }).click();
    await page.getByRole('button', { name: 'Create First Playlist' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Playlist' });
    await create.getByLabel('Playlist Name').fill('Road Trip');
    await create.getByRole('button', { name: 'Create Playlist' }).click();
    await create.waitFor({ state: 'detached' });
    await noToasts(page);

    await page.goto('/library/playlists');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('main article').first().waitFor();
    await expectNothingCovered(page, '/library/playlists');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('toasts cover neither the control that produced them nor a dialog’s buttons', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, size);
    await signUpListener(page);
    const popular = page.getByRole('list', { name: 'Popular Songs' });
    await popular.getByRole('heading', { level: 3 }).first().waitFor();
    const first = await popular.getByRole('heading', { level: 3 }).first().textContent();
    await popular.getByRole('button', { name: `Play ${first}` }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.waitFor();

    // A card's Like button as far right as there is one, brought to the bottom of the window. It
    // is found again by its name: the grid may render its cards afresh as it scrolls.
    await page.getByRole('tab', { name: 'Browse', exact: true }).click();
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await page.locator('main article').first().waitFor();
    const likeName = await page.evaluate(() => {
      const likes = [...document.querySelectorAll('main article button[aria-label^="Like "]')];
      const rightmost = likes
        .slice(0, 12)
        .reduce((best, like) =>
          like.getBoundingClientRect().right > best.getBoundingClientRect().right ? like : best,
        );
      rightmost.scrollIntoView({ block: 'end', behavior: 'instant' });
      return rightmost.getAttribute('aria-label') ?? '';
    });
    const cardLike = page
      .locator('main article')
      .getByRole('button', { name: likeName, exact: true })
      .first();
    const cardLikeBox = (await cardLike.boundingBox())!;
    await cardLike.click();
    await expectToastClear(page, 'Added to your Liked Songs', cardLikeBox);
    await screenshot(page, `overlays-card-like-toast-${size.width}`, { fullPage: false });
    await noToasts(page);

    // The bottom player's own like button shows a toast when liking fails.
    await page.route('**/api/user/songs/*/like', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    const playerLike = player.getByRole('button', { name: /Liked Songs$/ }).first();
    const playerLikeBox = (await playerLike.boundingBox())!;
    await playerLike.click();
    await expectToastClear(page, 'Failed to update Liked Songs', playerLikeBox);
    await page.unroute('**/api/user/songs/*/like');
    await screenshot(page, `overlays-player-like-toast-${size.width}`, { fullPage: false });
    await noToasts(page);

    // A playlist to add to, then 'Add to Playlist' from a card's menu and its dialog.
    await page.getByRole('tab', { name: 'Playlists', exact: true }).click();
    await page.getByRole('button', { name: 'Create First Playlist' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Playlist' });
    await create.getByLabel('Playlist Name').fill('Road Trip');
    const createButton = create.getByRole('button', { name: 'Create Playlist' });
    const createBox = (await createButton.boundingBox())!;
    await createButton.click();
    await expectToastClear(page, 'Playlist created successfully', createBox);
    await noToasts(page);

    await page.getByRole('tab', { name: 'Home', exact: true }).click();
    await page
      .getByRole('button', { name: `More options for ${first}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
    const add = page.getByRole('dialog', { name: 'Add to Playlist' });
    const choice = add.getByText('Road Trip');
    const choiceBox = (await choice.boundingBox())!;
    const addButtons = await dialogButtonBoxes(page);
    await choice.click();
    const added = await toastBox(page, 'Song added to playlist');
    for (const box of [choiceBox, ...addButtons]) expect(intersects(added, box)).toBe(false);
    await screenshot(page, `overlays-playlist-toast-${size.width}`, { fullPage: false });

    // Only the refused like, which the browser reports.
    expect(problems.filter((problem) => !problem.includes('status of 500'))).toEqual([]);
    await context.close();
  });
});
