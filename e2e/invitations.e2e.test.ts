import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './support/accounts';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** What /signup says on a server that admits nobody uninvited (signup-page.tsx). */
const SIGNUP_CLOSED = 'Sign-up is closed on this server. Ask its administrator for an invitation.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SITE_MODE: 'private', DEMO_LIBRARY: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The administrator closes sign-up on the Settings tab and makes an invitation link there. */
async function closeSignUpAndInvite(page: Page): Promise<URL> {
  await logInAsAdmin(page);
  const settings = page.getByRole('tab', { name: 'Settings', exact: true });
  await settings.click();
  // The tab is live once the router's transition has ended; on a busy machine that takes a while,
  // and a click on its content before then can be lost.
  await expect.poll(() => settings.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
  const closed = page.getByRole('radio', { name: /^Closed/ });
  await expect
    .poll(
      async () => {
        if (!(await closed.isChecked())) await closed.click();
        return closed.isChecked();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect.poll(() => page.getByText('Registration setting saved').isVisible()).toBe(true);
  const form = page.getByRole('form', { name: 'New invitation' });
  await form.getByRole('button', { name: 'Create Invitation' }).click();
  const link = page.getByLabel('Invitation link', { exact: true });
  await link.waitFor();
  await screenshot(page, 'invitations-admin-new-link');
  return new URL((await link.textContent()) ?? '');
}

describe('invitations on a private server in the browser', () => {
  it('a visitor finds only the login page and closed sign-up, then joins through the link and lands signed in', async () => {
    const admin = await openPage(browser, server.url);
    const invitation = await closeSignUpAndInvite(admin.page);
    expect(invitation.pathname).toBe('/signup');
    expect(invitation.searchParams.get('invite')).toMatch(/^[\w-]{20,}$/);
    await expect
      .poll(() => admin.page.getByRole('table', { name: 'Pending invitations' }).isVisible())
      .toBe(true);

    const visitor = await openPage(browser, server.url);
    const { page } = visitor;
    // A private site: the front page leads to the login page, and shows nobody.
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    expect(await page.textContent('body')).not.toMatch(/Newest Members|Marigold Avenue/);
    await screenshot(page, 'invitations-private-front-page');

    // Sign-up is closed, and the page says so instead of offering a form.
    await page.goto('/signup');
    await expect.poll(() => page.getByText(SIGNUP_CLOSED).isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: 'Sign up' }).count()).toBe(0);
    await screenshot(page, 'invitations-signup-closed');

    // The link admits all the same.
    await page.goto(`${invitation.pathname}${invitation.search}`);
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Ines Invited');
    await form.getByLabel('Email').fill(`invited.${Date.now()}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('invited-pass');
    await form.getByLabel('Confirm Password').fill('invited-pass');
    await form.getByLabel(/I agree to the Terms of Service/).check();
    await screenshot(page, 'invitations-signup-with-link');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/user/dashboard');
    expect(
      await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')),
    ).toBeTruthy();
    await expect.poll(() => page.getByText('Ines Invited').first().isVisible()).toBe(true);
    // Signed in, the library shows, its covers loaded through their signed links.
    const loadedCovers = () =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => image.complete && image.naturalWidth > 0)
          .map((image) => new URL(image.src).pathname + new URL(image.src).search)
          .filter((src) => src.startsWith('/media/images/')),
      );
    await expect.poll(async () => (await loadedCovers()).length).toBeGreaterThan(0);
    for (const src of await loadedCovers()) expect(src).toMatch(/[?&]signature=/);
    await screenshot(page, 'invitations-signed-in');
    // The same cover without its signature is refused to a browser that is not signed in.
    const [cover = ''] = await loadedCovers();
    const bare = await fetch(`${server.url}${cover.split('?')[0] ?? ''}`);
    expect(bare.status).toBe(403);

    // The link is spent: it no longer appears among the pending ones.
    await admin.page.reload();
    await admin.page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await expect.poll(() => admin.page.getByText('No pending invitations').isVisible()).toBe(true);

    expect(admin.problems).toEqual([]);
    // The login page asks who is signed in before anyone is: a 401 is its expected answer.
    expect(visitor.problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await admin.context.close();
    await visitor.context.close();
  });
});
