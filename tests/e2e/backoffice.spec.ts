import { expect, test, type Page } from '@playwright/test';

/**
 * The back-office lists (002 §2.3–§2.10) in a real browser against the demo data: each renders its
 * rows for a user allowed to see it, and the forbidden page for one who is not.
 */

const PASSWORD = 'demo-password';
/** Holds the buyer role only: no organisation, user, role or feed permission. */
const BUYER = 'buyer@customer.example';
/** An organisation admin (every permission) who is not root; the reseller has a linked account. */
const RESELLER_ADMIN = 'admin@reseller.example';
const ROOT_ADMIN = 'admin@supplier.example';
const FORBIDDEN = 'Unfortunately you do not have permission to view this page';

async function visitAs(page: Page, email: string, path: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('organisations: a reseller admin sees its subtree, not the other reseller', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/organisations');
  await expect(page).toHaveURL(/\/backoffice\/organisations$/);
  for (const name of ['Reseller Partners UK Ltd', 'Customer Co Ltd', 'Customer Co Branch', 'EU Customer GmbH']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Other Reseller Ltd', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Customer Co Branch', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/organisations\/7$/);
  await expect(page.getByText('Customer Co Branch').first()).toBeVisible();
});

test('organisations: forbidden without organisation:view', async ({ page }) => {
  await visitAs(page, BUYER, '/backoffice/organisations');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('users: grouped under their organisations, within the subtree', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/users');
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  for (const name of ['Rita Reseller', 'Bob Buyer', 'Eva Kunde', 'Dora Disabled']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Customer Co Ltd' }).first()).toBeVisible();
  await expect(page.getByText('Olly Other', { exact: true })).toHaveCount(0);
});

test('users: forbidden without user:view', async ({ page }) => {
  await visitAs(page, BUYER, '/backoffice/users');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('roles: the roles tree and the template roles page', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/roles');
  await expect(page).toHaveURL(/\/backoffice\/roles$/);
  await expect(page.getByRole('link', { name: 'Buyer', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order viewer', exact: true })).toBeVisible();
  await visitAs(page, ROOT_ADMIN, '/backoffice/roles/templates');
  await expect(page.getByRole('link', { name: 'Reseller sales', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer buyer', exact: true })).toBeVisible();
});

test('roles: forbidden without role:view', async ({ page }) => {
  await visitAs(page, BUYER, '/backoffice/roles');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('product groups: root sees every group', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/product_groups');
  await expect(page).toHaveURL(/\/webstore\/product_groups$/);
  for (const name of ['Zoom Workplace plans', 'Zoom add-ons', 'Dropbox business', 'Acronis backup bundles']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
});

test('product groups: forbidden for a non-root admin', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/webstore/product_groups');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('feeds: a linked reseller admin sees its feeds under its organisation', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/webstore/feeds');
  await expect(page).toHaveURL(/\/webstore\/feeds$/);
  for (const name of ['Daily price file', 'Warehouse stock (SFTP)', 'Stock in the Channel']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Reseller Partners UK Ltd' }).first()).toBeVisible();
  await expect(page.getByText('Partner catalogue (FTPS)', { exact: true })).toHaveCount(0);
});

test('feeds: forbidden without feed_configuration:manage', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/feeds');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});
