import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

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

describe('the account page in the browser', () => {
  it('a listener changes the password: this browser stays signed in, the other one is signed out', async () => {
    const email = `account.${Date.now()}@example.com`;
    const here = await openPage(browser, server.url);
    const { page } = here;
    await page.goto('/signup');
    const signup = page.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Full Name').fill('Account Journey');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await signup.getByLabel('Confirm Password').fill('first-pass-1');
    await signup.getByLabel(/I agree to the Terms of Service/).check();
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/user/dashboard');

    // A second browser signed in to the same account.
    const there = await openPage(browser, server.url);
    await there.page.goto('/login');
    const login = there.page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await login.getByRole('button', { name: 'Log In' }).click();
    await there.page.waitForURL('**/user/dashboard');

    await page.getByRole('link', { name: 'Account settings' }).first().click();
    await page.waitForURL('**/account');
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('first-pass-1');
    await form.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await form.getByLabel('Confirm new password', { exact: true }).fill('second-pass-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByText('Your password has been changed.').first().isVisible())
      .toBe(true);
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);

    // This browser goes on; the other one is sent to the login page on its next call.
    await page.reload();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect(page.url()).toMatch(/\/account$/);
    await there.page.goto('/library/liked');
    await there.page.waitForURL('**/login');

    await here.context.close();
    await there.context.close();
  });
});
