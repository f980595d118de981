import { expect, test, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * Record screens show their child lists as tabs after the definition (spec `tabs:`): one test per
 * kind of record, each opening a tab and finding the demo rows (seeds/demo/backoffice.ts, orders.ts).
 */

const RESELLER_ADMIN = 'admin@reseller.example';
const ROOT_ADMIN = 'admin@supplier.example';
const BUYER = 'buyer@customer.example';

const visitAs = signInTo;

async function openTab(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('tab', { name: 'Definition', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('organisation: account managers and the audit log with its field changes', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/organisations/2');
  // The organisation editor's tab (002 §2.4): each manager's fields, to change in place.
  await openTab(page, 'Account managers');
  await expect(page.getByLabel('Name 1')).toHaveValue('Chloe Channel');
  await expect(page.getByLabel('Email 1')).toHaveValue('chloe@reseller.example');
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('gridcell', { name: 'Sam Supplier', exact: true })).toBeVisible();
  // The changed field by its label (issue 22 item 15), not its column name.
  await expect(page.getByRole('cell', { name: 'Orders need approval', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Child organisations', exact: true }).click();
  await page.getByRole('link', { name: 'EU Customer GmbH', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/organisations\/4$/);
});

test('user: notifications by their labels, and the roles of the organisation, ticked when held', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/users/3');
  await openTab(page, 'Notifications');
  for (const label of ['Order created', 'Order status changed', 'Quote created', 'Quote expiry warning']) {
    await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  }
  await expect(page.getByRole('checkbox', { name: 'Buy price increased', exact: true })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Roles', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Buyer', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Checkout only', exact: true })).not.toBeChecked();
});

test('role: titled by its name, with who created it and when, permissions by module and label with their values, and the users holding it', async ({
  page,
}) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/roles/2');
  // 002 §2.8: the role's name as the title; created, created by and last modification beside the form.
  await expect(page.getByRole('heading', { name: 'Order viewer', level: 1, exact: true })).toBeVisible();
  const field = (name: string) =>
    page.locator('.record-view__field').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }) });
  await expect(field('Created by')).toContainText('Sam Supplier');
  await expect(field('Created')).toContainText('2026');
  await expect(field('Last modification')).toContainText('2026');
  await expect(field('Organisation')).toContainText('EU Customer GmbH');
  await openTab(page, 'Permissions');
  await expect(page.getByRole('heading', { name: 'Webstore module', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Orders: view: All', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Quotes: view: Off', exact: true })).toBeChecked();
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Eva Kunde', exact: true })).toBeVisible();
});

test('product group: related groups link to the group', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/product_groups/1');
  await openTab(page, 'Related groups');
  await page.getByRole('link', { name: 'Zoom add-ons', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/product_groups\/2$/);
});

test('feed: the audit log', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/webstore/feeds/1');
  await openTab(page, 'Audit log');
  await expect(page.getByRole('gridcell', { name: 'Rita Reseller', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Time slot (minutes after midnight, on the half hour)', exact: true })).toBeVisible();
});

test("order: the shipment's units and their serial numbers", async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders/6');
  await page.getByRole('button', { name: 'View serial numbers', exact: true }).click();
  for (const serial of ['SN-6-001', 'SN-6-002', 'SN-6-003'])
    await expect(page.getByRole('dialog').getByRole('cell', { name: serial, exact: true })).toBeVisible();
});
