import { expect, test, type Page } from '@playwright/test';
import { signInTo, FORBIDDEN } from './support/signIn';
import { openPortalDatabase } from './support/portal';
import { writeVersionedRows } from '../../server/testing/versionedRows';

/**
 * The order, quote and basket list screens (001 §2, 000 §2.7) in a real browser against the demo
 * data: each renders its rows for a user allowed to see it, and the forbidden page for one who is not.
 */

const BUYER = 'buyer@customer.example';
const EU_BUYER = 'buyer@eu-customer.example';
const RESELLER_ADMIN = 'admin@reseller.example';
const ROOT_ADMIN = 'admin@supplier.example';

// Allowed: back at the path; not allowed: the guard sends the user on to /forbidden.
const visitAs = (page: Page, email: string, path: string) => signInTo(page, email, path, new RegExp(`(${path}|/forbidden)$`));

const openDatabase = () => openPortalDatabase();

/**
 * Every demo user may view orders, so the forbidden case takes order:view from EU Customer's
 * "Order viewer" role for the length of one test, and gives it back (the database is shared).
 */
async function withoutEuOrderView(run: () => Promise<void>): Promise<void> {
  const db = openDatabase();
  const grant = (await db('role_permissions')
    .join('roles', 'roles.id', 'role_permissions.role_id')
    .join('permissions', 'permissions.id', 'role_permissions.permission_id')
    .where({ 'roles.name': 'Order viewer', 'permissions.name': 'order:view' })
    .first('role_permissions.*')) as { id: number } & Record<string, unknown>;
  try {
    await writeVersionedRows(db, (trx) => trx('role_permissions').where('id', grant.id).delete());
    await run();
  } finally {
    await writeVersionedRows(db, (trx) => trx('role_permissions').insert(grant));
    await db.destroy();
  }
}

test('orders: a buyer sees its subtree orders, not another customer', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders');
  await expect(page.getByText('HUB-10001', { exact: true })).toBeVisible();
  // In the grid: the organisation filter offers the branch too.
  await expect(page.getByRole('gridcell', { name: 'Customer Co Branch', exact: true }).first()).toBeVisible();
  await expect(page.getByText('HUB-10003', { exact: true })).toHaveCount(0);
});

test('orders: "My customers" leaves out the buyer\'s own organisation (001 §2)', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders');
  // Newest first: HUB-10019 is Customer Co's own; the branch's are 2, 7, 12 and 17.
  await expect(page.getByText('HUB-10019', { exact: true })).toBeVisible();
  await page.getByLabel('Organisation').selectOption({ label: 'My customers' });
  await expect(page.getByText('HUB-10017', { exact: true })).toBeVisible();
  await expect(page.getByText('HUB-10019', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: 'Customer Co Ltd', exact: true })).toHaveCount(0);
});

test('orders: forbidden without order:view', async ({ page }) => {
  await withoutEuOrderView(async () => {
    await visitAs(page, EU_BUYER, '/webstore/orders');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });
});

test('outward quotes: root-side; the distributor sees the quotes it sent, a reseller admin and a buyer are forbidden', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/quotesoutward');
  await expect(page.getByText('Quote 18 voided', { exact: true })).toBeVisible();
  for (const email of [RESELLER_ADMIN, BUYER]) {
    await page.context().clearCookies();
    await visitAs(page, email, '/webstore/quotesoutward');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  }
  await page.context().clearCookies();
  await visitAs(page, RESELLER_ADMIN, '/webstore/quotesoutward/14');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('inward quotes: the recipient sees published quotes but no drafts', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/quotesinward');
  await expect(page.getByText('Quote 2 published', { exact: true })).toBeVisible();
  await expect(page.getByText('Quote 1 draft', { exact: true })).toHaveCount(0);
});

test('inward quotes: a signed-out visitor is sent to log in', async ({ page }) => {
  await page.goto('/webstore/quotesinward');
  await expect(page).toHaveURL(/\/login\?next=/);
});

test('baskets: the buyer sees its baskets; a user without order:view_draft is forbidden', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/baskets');
  await expect(page.getByText('Meeting room refresh', { exact: true })).toBeVisible();
  await expect(page.getByText('Branch cables', { exact: true })).toHaveCount(0);
  await page.context().clearCookies();
  await visitAs(page, EU_BUYER, '/webstore/baskets');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('outward quotes: the recipient filter offers the organisations below the distributor, not itself', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/quotesoutward');
  const recipient = page.getByLabel('Recipient organisation', { exact: true });
  await expect(recipient.locator('option[value="4"]')).toBeAttached();
  const values = await recipient
    .locator('option')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
  expect(values).not.toContain('1');
  expect([...values].sort()).toEqual(['', '2', '3', '4', '5', '6', '7', '8']);
  await recipient.selectOption('4');
  await expect(page.locator('.pagination__status')).toHaveText('Page 1 of 1 · 6 results');
  await expect(page.getByText('Quote 12 voided', { exact: true })).toBeVisible();
  await expect(page.getByText('Quote 6 voided', { exact: true })).toHaveCount(0);
});

test('baskets: one column shows the name, or the id when the name is null, linking to the basket; created as Do MMM YYYY', async ({
  page,
}) => {
  await visitAs(page, BUYER, '/webstore/baskets');
  await expect(page.getByRole('columnheader', { name: 'Hub ref', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Meeting room refresh', exact: true })).toBeVisible();
  // Basket 2 has no name: its id stands in, and links to it. Created 2026-11-03.
  await expect(page.getByRole('gridcell', { name: '3rd Nov 2026', exact: true })).toBeVisible();
  await page.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/baskets\/2$/);
});
