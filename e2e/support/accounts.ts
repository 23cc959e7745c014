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
