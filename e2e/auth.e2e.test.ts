import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { ADMIN, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ DEMO_LIBRARY: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let sequence = 0;
function uniqueEmail(): string {
  sequence += 1;
  return `journey${sequence}.${Date.now()}@example.com`;
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

async function signUp(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

describe('accounts in the browser', () => {
  it('a visitor signs up, lands on the dashboard, logs out, and sees the message for a wrong password', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    const email = uniqueEmail();
    await signUp(page, 'Journey Tester', email, 'journey-pass');
    await page.waitForURL('**/user/dashboard');
    await screenshot(page, 'auth-after-signup');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')]),
    ).toEqual([null, null]);

    await logIn(page, email, 'not-the-password');
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    await screenshot(page, 'auth-wrong-password');
    expect(page.url()).toMatch(/\/login$/);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });

  it('a logged-out visit to /discover goes to /login and comes back to /discover after login', async () => {
    const { page, context } = await openPage(browser, server.url);
    const email = uniqueEmail();
    await signUp(page, 'Returning Listener', email, 'returning-pass');
    await page.waitForURL('**/user/dashboard');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');

    await page.goto('/discover');
    await page.waitForURL('**/login');
    await logIn(page, email, 'returning-pass');
    await page.waitForURL('**/discover');
    await context.close();
  });

  it('remember-me keeps the session across browser restarts; without it the session lives in the tab only', async () => {
    const email = uniqueEmail();
    const first = await openPage(browser, server.url);
    await signUp(first.page, 'Remembered', email, 'remember-pass');
    await first.page.waitForURL('**/user/dashboard');
    await first.page.getByRole('button', { name: 'Logout' }).first().click();
    await first.page.waitForURL('**/login');

    /** Logs in, then "restarts the browser": a new context keeps only what persists on disk. */
    async function loginAndRestart(remember: boolean): Promise<string> {
      const { page, context } = await openPage(browser, server.url);
      await page.goto('/login');
      if (remember) await page.getByLabel('Remember me').check();
      await logIn(page, email, 'remember-pass');
      await page.waitForURL('**/user/dashboard');
      const persisted = await context.storageState();
      await context.close();
      const restarted = await browser.newContext({ baseURL: server.url, storageState: persisted });
      const again = await restarted.newPage();
      await again.goto('/user/dashboard');
      // Settled once either page is up: the log-in form (sent away) or the dashboard (kept).
      await again
        .getByRole('form', { name: 'Log in' })
        .or(again.getByRole('heading', { name: 'Remembered' }))
        .first()
        .waitFor();
      const landed = new URL(again.url()).pathname;
      await restarted.close();
      return landed;
    }

    expect(await loginAndRestart(false)).toBe('/login');
    expect(await loginAndRestart(true)).toBe('/user/dashboard');
    await first.context.close();
  });

  it('a user visiting /admin/dashboard sees Access Denied', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signUp(page, 'Curious Listener', uniqueEmail(), 'curious-pass');
    await page.waitForURL('**/user/dashboard');
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/unauthorized');
    await expect
      .poll(() => page.getByText("You don't have permission to access this page").isVisible())
      .toBe(true);
    await screenshot(page, 'auth-access-denied');
    await context.close();
  });

  it('the admin logs in and lands on /admin/dashboard', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/login');
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin/dashboard');
    await context.close();
  });

  it('forgot password, the link from the outbox, reset, and login with the new password', async () => {
    const { page, context } = await openPage(browser, server.url);
    const email = uniqueEmail();
    await signUp(page, 'Forgetful', email, 'original-pass');
    await page.waitForURL('**/user/dashboard');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: /Forgot password/ }).click();
    await page.waitForURL('**/forgot-password');
    // The address changes before the page's chunk has arrived, and until then the login form,
    // with its own Email field, stays on screen: fill in the form of the page asked for.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect
      .poll(() => page.getByText('Reset link sent! Please check your email inbox.').isVisible())
      .toBe(true);
    await screenshot(page, 'auth-reset-link-sent');

    let link = '';
    await expect
      .poll(() => {
        const mail = server.outbox().find((message) => message.includes(email));
        link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New Password', { exact: true }).fill('replaced-pass');
    await page.getByLabel('Confirm New Password').fill('replaced-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => page.getByText('Your password has been successfully reset.').isVisible())
      .toBe(true);

    // The reset logged this tab in, so /login sends the visitor on to their dashboard.
    await page.getByRole('link', { name: 'Login with New Password' }).click();
    await page.waitForURL('**/user/dashboard');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await logIn(page, email, 'replaced-pass');
    await page.waitForURL('**/user/dashboard');
    await context.close();
  });
});
