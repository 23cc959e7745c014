import type { Page } from 'playwright-core';
import { ADMIN } from './server';

/** Logs in with the first administrator's credentials and waits for the admin dashboard. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/admin/dashboard');
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

/** Signs an account up through the form and waits for its dashboard. */
export async function signUp(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
}

let listeners = 0;

/** Signs a new listener up (a fresh address each time) and waits for their dashboard. */
export async function signUpListener(page: Page, name = 'Lena Listener'): Promise<void> {
  listeners += 1;
  await signUp(page, {
    name,
    email: `listener${listeners}.${Date.now()}@example.com`,
    password: 'listen-pass',
  });
}
