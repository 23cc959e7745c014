import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

async function signUp(page: Page): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Kim Keys');
  await form.getByLabel('Email').fill(`keys.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('listen-pass');
  await form.getByLabel('Confirm Password').fill('listen-pass');
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
}

/**
 * Records what the app tells the Media Session (its position state has no getter) and the
 * handlers it gives, so that the test can press the lock screen's buttons.
 */
function watchMediaSession(): void {
  const session = navigator.mediaSession;
  const record = window as unknown as {
    mediaPositions: MediaPositionState[];
    mediaHandlers: Record<string, MediaSessionActionHandler | null>;
  };
  record.mediaPositions = [];
  record.mediaHandlers = {};
  const setPositionState = session.setPositionState.bind(session);
  session.setPositionState = (state?: MediaPositionState) => {
    if (state) record.mediaPositions.push(state);
    setPositionState(state);
  };
  const setActionHandler = session.setActionHandler.bind(session);
  session.setActionHandler = (action, handler) => {
    record.mediaHandlers[action] = handler;
    setActionHandler(action, handler);
  };
}

const lastMediaPosition = (page: Page) =>
  page.evaluate(() => {
    const positions = (window as unknown as { mediaPositions: MediaPositionState[] })
      .mediaPositions;
    return positions[positions.length - 1] ?? null;
  });

const pressMediaAction = (page: Page, action: string, details: object = {}) =>
  page.evaluate(
    ([name, extra]) => {
      const handlers = (
        window as unknown as { mediaHandlers: Record<string, MediaSessionActionHandler | null> }
      ).mediaHandlers;
      handlers[name]?.({ action: name as MediaSessionAction, ...extra });
    },
    [action, details] as const,
  );

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();
/** Whether the player is playing, as its play/pause button says. */
const playing = async (page: Page) =>
  (await player(page).getByRole('button', { name: 'Pause', exact: true }).count()) === 1;
const sliderValue = async (page: Page, name: string) =>
  Number(await player(page).getByRole('slider', { name }).getAttribute('aria-valuenow'));
const pressed = (page: Page, name: string) =>
  player(page).getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
const focusBody = (page: Page) =>
  page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
/** Whether every menu has gone, its fading backdrop included (it would take the next click). */
const menusGone = (page: Page) =>
  page
    .locator('.MuiPopover-root')
    .count()
    .then((count) => count === 0);
const menuLabels = (page: Page) => page.getByRole('menu').getByRole('menuitem').allTextContents();

async function popularTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Popular Songs' });
  await expect.poll(() => list.getByRole('heading', { level: 3 }).count()).toBe(8);
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

describe('hands and keys in the browser', () => {
  it('drives the player from the keyboard wherever focus is, except in the search field', async () => {
    const { page, context, problems } = await openPage(demo.browser, demo.server.url, {
      width: 1280,
      height: 800,
    });
    await context.addInitScript(watchMediaSession);
    await signUp(page);
    const popular = await popularTitles(page);
    await page
      .getByRole('list', { name: 'Popular Songs' })
      .getByRole('button', { name: `Play ${popular[0]}` })
      .click();
    await expect.poll(() => playerTitle(page)).toBe(popular[0]);
    await expect.poll(() => playing(page)).toBe(true);

    // Space plays and pauses with focus on the page, on a link and on a button; the button
    // (Shuffle) is not pressed and the link not followed.
    await focusBody(page);
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe(true);
    const link = page.getByRole('link', { name: 'Discover', exact: true }).first();
    await link.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/user/dashboard');
    const shuffle = player(page).getByRole('button', { name: 'Shuffle', exact: true });
    const shuffleBefore = await shuffle.getAttribute('aria-pressed');
    await shuffle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe(true);
    expect(await shuffle.getAttribute('aria-pressed')).toBe(shuffleBefore);

    // The Media Session follows: playing, with the song's length and a position moving on.
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.playbackState))
      .toBe('playing');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(popular[0]);
    await expect
      .poll(async () => (await lastMediaPosition(page))?.position ?? 0)
      .toBeGreaterThan(0.5);
    const length = Number(
      await player(page).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuemax'),
    );
    expect((await lastMediaPosition(page))?.duration).toBeCloseTo(length, 0);
    expect((await lastMediaPosition(page))?.playbackRate).toBe(1);

    // Paused, the arrows seek 5 s (the page's Shuffle button still focused) and change the volume.
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe(false);
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.playbackState))
      .toBe('paused');
    const start = await sliderValue(page, 'Seek');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => sliderValue(page, 'Seek')).toBeCloseTo(start + 5, 0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => sliderValue(page, 'Seek')).toBeCloseTo(start + 5, 0);
    await expect
      .poll(async () => (await lastMediaPosition(page))?.position)
      .toBeCloseTo(start + 5, 0);
    await focusBody(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => sliderValue(page, 'Volume')).toBeCloseTo(0.7, 2);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => sliderValue(page, 'Volume')).toBeCloseTo(0.8, 2);
    await page.keyboard.press('m');
    await expect.poll(() => pressed(page, 'Unmute')).toBe('true');
    await page.keyboard.press('m');
    await expect.poll(() => pressed(page, 'Mute')).toBe('false');

    // The lock screen's buttons: seek forward 10 s, seek to a point, next.
    const here = await sliderValue(page, 'Seek');
    await pressMediaAction(page, 'seekforward');
    await expect.poll(() => sliderValue(page, 'Seek')).toBeCloseTo(here + 10, 0);
    await pressMediaAction(page, 'seekto', { seekTime: 20 });
    await expect.poll(() => sliderValue(page, 'Seek')).toBeCloseTo(20, 0);
    await expect.poll(async () => (await lastMediaPosition(page))?.position).toBeCloseTo(20, 0);
    await pressMediaAction(page, 'nexttrack');
    await expect.poll(() => playerTitle(page)).toBe(popular[1]);

    // Shift+→ goes to the next song, S and R toggle shuffle and repeat, L likes the song.
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => playerTitle(page)).toBe(popular[2]);
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
      .toBe(popular[2]);
    const shuffleState = await pressed(page, 'Shuffle');
    await page.keyboard.press('s');
    await expect.poll(() => pressed(page, 'Shuffle')).not.toBe(shuffleState);
    await page.keyboard.press('s');
    await expect.poll(() => pressed(page, 'Shuffle')).toBe(shuffleState);
    await page.keyboard.press('r');
    await expect.poll(() => pressed(page, 'Repeat')).toBe('true');
    await page.keyboard.press('r');
    await expect.poll(() => pressed(page, 'Repeat')).toBe('false');
    await page.keyboard.press('l');
    await expect.poll(() => pressed(page, 'Remove from Liked Songs')).toBe('true');

    // Q opens the queue and closes it again.
    await page.keyboard.press('q');
    await expect.poll(() => page.getByRole('list', { name: 'Queue' }).isVisible()).toBe(true);
    await page.keyboard.press('q');
    await expect.poll(() => page.getByRole('list', { name: 'Queue' }).count()).toBe(0);

    // ? opens the sheet of every shortcut; Escape closes it.
    await focusBody(page);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => help.isVisible()).toBe(true);
    for (const text of ['Play or pause', 'Back 5 seconds', 'Next', 'Open or close the queue']) {
      expect(await help.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'keys-help-sheet-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);

    // / focuses the search field; typed there, no key is a shortcut (paused, so that the
    // position stands still).
    await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => playing(page)).toBe(false);
    await focusBody(page);
    await page.keyboard.press('/');
    const search = page.getByRole('textbox', { name: 'Search songs' });
    await expect
      .poll(() => search.evaluate((field) => field === document.activeElement))
      .toBe(true);
    expect(await search.inputValue()).toBe('');
    const wasPlaying = await playing(page);
    const title = await playerTitle(page);
    const position = await sliderValue(page, 'Seek');
    await page.keyboard.type('rq ms?l');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('/');
    expect(await search.inputValue()).toBe('rq ms?l /');
    expect(await playing(page)).toBe(wasPlaying);
    expect(await playerTitle(page)).toBe(title);
    expect(await pressed(page, 'Repeat')).toBe('false');
    expect(await pressed(page, 'Shuffle')).toBe(shuffleState);
    expect(await pressed(page, 'Mute')).toBe('false');
    expect(await sliderValue(page, 'Volume')).toBeCloseTo(0.8, 2);
    expect(await sliderValue(page, 'Seek')).toBeCloseTo(position, 0);
    expect(await page.getByRole('list', { name: 'Queue' }).count()).toBe(0);
    expect(await help.count()).toBe(0);

    // A right-click on a song opens its "…" menu's actions where the pointer is.
    await search.fill('');
    await focusBody(page);
    const card = page.getByRole('list', { name: 'Popular Songs' }).getByRole('article').nth(3);
    const cardTitle = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.getByRole('button', { name: `More options for ${cardTitle}` }).click();
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    const fromButton = await menuLabels(page);
    expect(fromButton).toContain('Add to Playlist');
    await page.keyboard.press('Escape');
    await expect.poll(() => menusGone(page)).toBe(true);
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = (await card.getByRole('heading', { level: 3 }).boundingBox())!;
    const at = { x: Math.round(box.x + 10), y: Math.round(box.y + box.height / 2) };
    await page.mouse.click(at.x, at.y, { button: 'right' });
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    expect(await menuLabels(page)).toEqual(fromButton);
    const menuBox = (await page.getByRole('menu').boundingBox())!;
    expect(Math.abs(menuBox.x - at.x)).toBeLessThan(24);
    expect(Math.abs(menuBox.y - at.y)).toBeLessThan(24);
    await screenshot(page, 'keys-context-menu-1280', { fullPage: false });
    // The keyboard moves in it (↓ stays in the menu, not the volume) and Escape closes it.
    // (The open menu hides the page from the accessibility tree: the slider is read as markup.)
    const volumeInput = page.locator('section[aria-label="Player"] input[aria-label="Volume"]');
    const volume = await volumeInput.getAttribute('aria-valuenow');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        page
          .getByRole('menuitem')
          .nth(1)
          .evaluate((item) => item === document.activeElement),
      )
      .toBe(true);
    expect(await volumeInput.getAttribute('aria-valuenow')).toBe(volume);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    // Add to queue from the right-click menu works as the "…" menu's does.
    await expect.poll(() => menusGone(page)).toBe(true);
    await page.mouse.click(at.x, at.y, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    await expect.poll(() => page.getByText('Added to queue').isVisible()).toBe(true);

    expect(problems).toEqual([]);

    // On a phone (touch), a long-press on a song opens the same menu.
    const phone = await demo.browser.newContext({
      baseURL: demo.server.url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      storageState: await context.storageState(),
    });
    await context.close();
    const touchPage = await phone.newPage();
    await touchPage.goto('/user/dashboard');
    const phoneCard = touchPage
      .getByRole('list', { name: 'Popular Songs' })
      .getByRole('article')
      .first();
    await expect.poll(() => phoneCard.getByRole('heading', { level: 3 }).isVisible()).toBe(true);
    const phoneTitle = (await phoneCard.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await phoneCard.getByRole('button', { name: `More options for ${phoneTitle}` }).tap();
    await expect.poll(() => touchPage.getByRole('menu').isVisible()).toBe(true);
    const phoneFromButton = await menuLabels(touchPage);
    await touchPage.keyboard.press('Escape');
    await expect.poll(() => menusGone(touchPage)).toBe(true);

    // The card in the middle of the screen, clear of the bars fixed at the bottom.
    await phoneCard.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    const titleBox = (await phoneCard.getByRole('heading', { level: 3 }).boundingBox())!;
    const finger = {
      x: Math.round(titleBox.x + 12),
      y: Math.round(titleBox.y + titleBox.height / 2),
    };
    expect(
      await phoneCard.evaluate(
        (card, point) => card.contains(document.elementFromPoint(point.x, point.y)),
        finger,
      ),
    ).toBe(true);
    const cdp = await phone.newCDPSession(touchPage);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
    // Held until the menu opens, then lifted.
    await touchPage.getByRole('menu').waitFor({ state: 'visible', timeout: 5_000 });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await menuLabels(touchPage)).toEqual(phoneFromButton);
    // Lifting the finger clicked nothing: the menu is still open.
    expect(await touchPage.getByRole('menu').isVisible()).toBe(true);
    await screenshot(touchPage, 'keys-long-press-menu-390', { fullPage: false });
    // Its Play next works as the "…" menu's does.
    await touchPage.getByRole('menuitem', { name: 'Play next' }).tap();
    await expect.poll(() => touchPage.getByText('Playing next').isVisible()).toBe(true);
    await phone.close();
  }, 180_000);
});
