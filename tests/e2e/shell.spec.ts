import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD as PASSWORD } from './support/signIn';
import { apiRead, apiWrite } from './support/api';

/**
 * The runtime shell in a real browser (000 §2.1–2.2, 002 §2.1): guards send signed-out visitors
 * to log in and back, unknown routes and unknown products show notFound, logging out ends the
 * session on the server too.
 */

const BUYER = { email: 'buyer@customer.example' };

async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function whoamiStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/v1/whoami')).status();
}

test('a signed-out visit to /webstore goes to the login page, remembering the way back', async ({ page }) => {
  await page.goto('/public/webstore');
  await page.goto('/webstore');
  await expect(page).toHaveURL(/\/login\?next=%2Fwebstore$/);
  await expect(page.getByRole('heading', { name: 'Log in to Reseller Hub', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb', exact: true })).toContainText('Log in');
  // The guard replaced the entry: Back skips the page that bounced.
  await page.goBack();
  await expect(page).toHaveURL(/\/public\/webstore$/);
});

test('logging in lands back on the page asked for, with its query, and shows the lookup crumb', async ({ page }) => {
  const listing = await page.request.get('/api/v1/public/webstore?per_page=1&sort_by=%2Bname');
  expect(listing.ok()).toBe(true);
  const [product] = (await listing.json()) as { id: number; name: string }[];
  expect(product, 'the demo data has a public product').toBeDefined();

  await page.goto(`/webstore/product/${product!.id}?from=shell`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fwebstore%2Fproduct%2F${product!.id}%3Ffrom%3Dshell$`));
  await logIn(page, BUYER.email);

  await expect(page).toHaveURL(new RegExp(`/webstore/product/${product!.id}\\?from=shell$`));
  await expect(page.getByTestId('current-user-name')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
  await expect(crumbs.getByRole('link', { name: 'Webstore', exact: true })).toHaveAttribute('href', '/webstore');
  // The last crumb is the product's name, looked up by id, and is not a link.
  await expect(crumbs.locator('li').last()).toHaveText(product!.name);
  await expect(crumbs.locator('li').last().getByRole('link')).toHaveCount(0);
});

test('a wrong password says so and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, BUYER.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await whoamiStatus(page)).toBe(401);
});

test('logging in without a way back goes to the store', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, BUYER.email);
  await expect(page).toHaveURL(/\/webstore$/);
});

test('an unknown route shows notFound, and Back returns to the previous page', async ({ page }) => {
  await page.goto('/public/webstore');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
  await expect(page.getByText('The page you are looking for is temporarily unavailable.')).toBeVisible();
  await expect(page.getByText('Error code 404')).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/public\/webstore$/);
});

test('an unknown product redirects to notFound', async ({ page }) => {
  await page.goto('/login?next=%2Fwebstore%2Fproduct%2F999999');
  await logIn(page, BUYER.email);
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
});

test('logging out ends the session and guarded pages ask to log in again', async ({ page }) => {
  await page.goto('/login?next=%2Fwebstore');
  await logIn(page, BUYER.email);
  await expect(page).toHaveURL(/\/webstore$/);
  expect(await whoamiStatus(page)).toBe(200);

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  expect(await whoamiStatus(page)).toBe(401);

  await page.goto('/webstore');
  await expect(page).toHaveURL(/\/login\?next=%2Fwebstore$/);
});

test('public pages render without a session; the forbidden page explains itself', async ({ page }) => {
  await page.goto('/public/webstore');
  await expect(page).toHaveURL(/\/public\/webstore$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await page.goto('/forbidden');
  await expect(
    page.getByRole('heading', { name: 'Unfortunately you do not have permission to view this page', exact: true }),
  ).toBeVisible();
});

test('while emulating, the bar names both users, and its stop link ends the emulation', async ({ page }) => {
  await page.goto('/login?next=%2Fwebstore');
  await logIn(page, 'admin@supplier.example');
  await expect(page).toHaveURL(/\/webstore$/);
  // The emulation begins as the users screens begin it (emulation.spec.ts clicks through them):
  // the bar must follow whatever whoami reports once the store loads afresh.
  const admin = await apiRead(page, '/whoami');
  const buyers = (await (await page.request.get(`/api/v1/users?text=${encodeURIComponent(BUYER.email)}`)).json()) as {
    id: number;
    name: string;
  }[];
  const buyer = buyers[0]!;
  await apiWrite(page, 'POST', `/users/${buyer.id}/emulation`, { reason: 'Checking the emulation bar' });
  await page.goto('/webstore');
  const bar = page.getByRole('status').filter({ hasText: 'is emulating' });
  await expect(bar).toContainText(`${String(admin['name'])} is emulating ${buyer.name}`);
  await expect(bar.getByRole('link', { name: 'Stop emulating', exact: true })).toHaveAttribute('href', '/mask_user/end');
  expect(((await apiRead(page, '/whoami')) as { real_id: number }).real_id).toBe(admin['id']);
  // Stopping hands the administrator their own session back, on the users list.
  await bar.getByRole('link', { name: 'Stop emulating', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  await expect(page.getByRole('status').filter({ hasText: 'is emulating' })).toHaveCount(0);
  expect(await apiRead(page, '/whoami')).toMatchObject({ id: admin['id'], real_id: null });
});
