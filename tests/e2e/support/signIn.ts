import { expect, type Page } from '@playwright/test';

/** Every demo user's password (seeds/demo). */
export const DEMO_PASSWORD = 'demo-password';
/** The heading of the forbidden page. */
export const FORBIDDEN = 'Unfortunately you do not have permission to view this page';

/**
 * Signs in through the login page on the way to `path`, and waits until the SPA has moved on:
 * to an address matching `landing` when given, else to anywhere but the login page.
 */
export async function signInTo(page: Page, email: string, path: string, landing?: RegExp): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  if (landing) await expect(page).toHaveURL(landing);
  else await expect(page).not.toHaveURL(/\/login/);
}
