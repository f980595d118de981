import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { mailedLink } from './support/mailbox';
import { signInTo } from './support/signIn';

// docs/backoffice.md "User lifecycle": an administrator invites a user; the invitation (read from
// the SMTP server the portal sends through) links to the set-password page; the new user enrols an
// authenticator and then signs in with a code from it.

const EMAIL = `invited.${Date.now()}@customer.example`;
const PASSWORD = 'a sunny walk by the canal';

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('invite → set password → enrol two-factor sign-in → sign in with a code → an API client of their own', async ({ page }) => {
  test.slow();
  await signInTo(page, 'admin@reseller.example', '/backoffice/users/new', /\/new$/);
  await page.locator('#root_name').fill('Ines Invited');
  await page.locator('#root_email_address').fill(EMAIL);
  await page.locator('#root_organisation').selectOption('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users\/\d+$/);
  await page.context().clearCookies();

  // The invitation's link: the token travels in the fragment, and leaves the address bar.
  const link = await mailedLink(EMAIL);
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Welcome, Ines Invited', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/set_password$/);
  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await page.getByLabel('Repeat the password').fill('password1234');
  await page.getByRole('button', { name: 'Save password', exact: true }).click();
  await expect(page.getByText('This password is too common. Please choose another one.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password', exact: true }).click();
  await expect(page.getByText('Your password is saved. You can now sign in.')).toBeVisible();

  // Sign in with the password alone (no authenticator yet), then enrol.
  await signInWithPassword(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account/two_factor');
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in', exact: true }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app', exact: true })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByText(/Two-factor sign-in is on/)).toBeVisible();

  // A new sign-in now asks for a code; the password alone opens nothing.
  await page.context().clearCookies();
  await signInWithPassword(page);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // The code of the next time step: the one of the enrolment's step is used up (never twice).
  await page.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const whoami = await page.request.get('/api/v1/whoami');
  expect(((await whoami.json()) as { email_address: string }).email_address).toBe(EMAIL);

  // An API client of their own: the token is shown once and calls the API as them.
  await page.goto('/account/two_factor');
  await page.getByLabel('Name').fill('Nightly orders');
  await page.getByRole('button', { name: 'Create API client', exact: true }).click();
  const token = (await page.getByTestId('api-client-token').textContent())!.trim();
  await expect(page.getByRole('cell', { name: 'Nightly orders', exact: true })).toBeVisible();
  const asClient = await fetch(new URL('/api/v1/whoami', page.url()), { headers: { authorization: `Bearer ${token}` } });
  expect(((await asClient.json()) as { email_address: string }).email_address).toBe(EMAIL);
  // The new user holds no role yet: what they may not do, their client may not either.
  expect((await fetch(new URL('/api/v1/orders', page.url()), { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
});
