import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { callApi, pageToken } from './support/listening-api';

/**
 * A listener shares an album from its menu; a visitor with no account opens the link, sees the
 * cover and who shared it, and plays a song on the page. A share past its expiry plays nothing.
 */

const demo = useDemoServer();

const LOAD = { timeout: 10_000 };

/** Where the shared page's own player is, in seconds (-1 without one). */
const miniPlayerTime = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      document.querySelector<HTMLAudioElement>('audio[aria-label="Mini player"]')?.currentTime ??
      -1,
  );

describe('a shared page', () => {
  it('plays an album a listener shared for a visitor, and an expired share plays nothing', async () => {
    const listener = await demo.browser.newContext({
      baseURL: demo.server.url,
      viewport: { width: 1440, height: 900 },
    });
    const page = await listener.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await signUpListener(page, 'Sharing Listener');

    // A share that expires a second from now: opened at the end, long after.
    const token = await pageToken(page);
    const songs = await callApi<{ _id: string }[]>(
      demo.server.url,
      token,
      '/api/user/songs?limit=1',
    );
    const soonGone = await callApi<{ path: string }>(demo.server.url, token, '/api/user/shares', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'songs',
        itemIds: [songs[0]!._id],
        expiresAt: new Date(Date.now() + 1000).toISOString(),
      }),
    });

    await page.goto('/library/albums');
    const card = page.getByRole('article').first();
    const album = (await card.getByRole('heading', { level: 3 }).textContent({ timeout: 10_000 }))!;
    await card.getByRole('button', { name: `More options for ${album}` }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Share “${album}”` }).waitFor(LOAD);
    await dialog
      .getByRole('textbox', { name: 'Description (optional)' })
      .fill('Start with this one');
    await dialog.getByRole('switch', { name: 'Allow downloads' }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue(LOAD);
    expect(link).toMatch(new RegExp(`^${demo.server.url}/share/[A-Za-z0-9_-]{22}$`));
    await screenshot(page, 'share-dialog-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A visitor: another browser, no account.
    const visitor = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const visit = await visitor.newPage();
    visit.on('pageerror', (error) => problems.push(error.message));
    await visit.goto(link);
    await visit.getByRole('heading', { level: 1, name: album }).waitFor(LOAD);
    expect(await visit.getByText('Shared by Sharing Listener').isVisible()).toBe(true);
    expect(await visit.getByText('Start with this one').isVisible()).toBe(true);
    const list = visit.getByRole('list', { name: 'Songs' });
    const firstSong = list.getByRole('button', { name: /^Play / }).first();
    const title = ((await firstSong.getAttribute('aria-label')) ?? '').replace(/^Play /, '');
    await firstSong.click();
    await expect.poll(() => miniPlayerTime(visit), LOAD).toBeGreaterThan(0.5);
    expect(await list.getByRole('button', { name: `Pause ${title}` }).isVisible()).toBe(true);
    expect(await list.getByRole('link', { name: `Download ${title}` }).count()).toBe(1);
    await screenshot(visit, 'shared-page-1440');

    // The owner sees the visit and the play in account settings.
    await page.goto('/account');
    const shared = page.getByRole('list', { name: 'Your shared links' });
    await expect.poll(() => shared.getByText('1 view · 1 play').isVisible(), LOAD).toBe(true);

    // On a phone, the same page.
    const phone = await demo.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const small = await phone.newPage();
    await small.goto(link);
    await small.getByRole('heading', { level: 1, name: album }).waitFor(LOAD);
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(small, 'shared-page-390');

    // Past its expiry, a share says so and gives nothing to play.
    await visit.goto(`${demo.server.url}${soonGone.path}`);
    await visit.getByRole('heading', { name: 'This share has expired' }).waitFor(LOAD);
    expect(await visit.getByLabel('Mini player').count()).toBe(0);
    expect(await visit.getByRole('button', { name: /^Play / }).count()).toBe(0);
    await visit.goto(`${demo.server.url}/share/${'A'.repeat(22)}`);
    await visit
      .getByRole('heading', { name: 'This share does not exist or was revoked' })
      .waitFor(LOAD);

    expect(problems).toEqual([]);
    await Promise.all([listener.close(), visitor.close(), phone.close()]);
  });
});
