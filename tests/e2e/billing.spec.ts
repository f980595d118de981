import { expect, test } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { signInTo, FORBIDDEN } from './support/signIn';
import { FIRST_DRAW } from './support/waits';

/**
 * Whole days from an invoice's due date to today's UTC calendar day (001 §3). The demo data sets due
 * dates relative to the day it was seeded, so the figure grows by one when a run crosses midnight.
 */
async function daysPastDue(reference: string): Promise<string> {
  const db = openPortalDatabase();
  try {
    const { due_date } = (await db('invoices').where('reference', reference).first('due_date')) as { due_date: string };
    const today = new Date().toISOString().slice(0, 10);
    return String(Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due_date}T00:00:00Z`)) / 86_400_000));
  } finally {
    await db.destroy();
  }
}

/**
 * The subscription, invoice and sales-metrics screens (001 §2) in a real browser against the demo
 * data: each list renders its rows for a user allowed to see it, and the forbidden page for one who
 * is not (metrics: root only).
 */

const BUYER = 'buyer@customer.example';
/** Holds only order:view: neither subscription:view nor invoice:view. */
const EU_BUYER = 'buyer@eu-customer.example';
/** An organisation admin (every permission) who is not root. */
const RESELLER_ADMIN = 'admin@reseller.example';
const ROOT_ADMIN = 'admin@supplier.example';

const visitAs = signInTo;

test('subscriptions: the buyer sees its own and its branch’s, grouped by organisation, not the EU customer’s', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/subscriptions');
  await expect(page).toHaveURL(/\/webstore\/subscriptions$/);
  await expect(page.getByText('Zoom Workplace for head office', { exact: true })).toBeVisible();
  await expect(page.locator('.tree-table__organisation', { hasText: 'Customer Co Branch' })).toBeVisible();
  await expect(page.getByText('Branch session border controller', { exact: true })).toBeVisible();
  await expect(page.getByText('Zoom Workplace Business', { exact: true })).toHaveCount(0);
});

test('subscriptions: a row links to the subscription, shown read-only', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/subscriptions');
  await page.getByRole('link', { name: 'Dropbox team storage', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/subscriptions\/\d+$/);
  await expect(page.getByText('Dropbox team storage').first()).toBeVisible();
});

// Issue 22 item 17: the Order column names the order by its reference and links to it.
test('subscriptions: the order column shows the order reference, linking to the order', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/subscriptions');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Dropbox team storage', exact: true }) });
  const order = row.getByRole('link', { name: /^HUB-/ });
  await expect(order).toBeVisible();
  const reference = (await order.textContent()) ?? '';
  await order.click();
  await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
  await expect(page.getByText(reference).first()).toBeVisible();
});

test('subscriptions: forbidden without subscription:view', async ({ page }) => {
  await visitAs(page, EU_BUYER, '/webstore/subscriptions');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('invoices: the buyer sees its invoices and credit notes with days overdue, not the EU customer’s', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/invoices');
  await expect(page).toHaveURL(/\/webstore\/invoices$/);
  await expect(page.getByText('INV-1003', { exact: true })).toBeVisible();
  await expect(page.getByText('CN-2101', { exact: true })).toBeVisible();
  await expect(page.getByText('INV-1201', { exact: true })).toHaveCount(0);
  // INV-1006 fell due 120 days before the demo data was seeded and is still open; INV-1007 is paid, so never overdue.
  const overdue = await daysPastDue('INV-1006');
  expect(Number(overdue)).toBeGreaterThanOrEqual(120);
  await expect(page.getByRole('row').filter({ hasText: 'INV-1006' }).getByRole('gridcell', { name: overdue, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'INV-1007' }).getByRole('gridcell', { name: '0', exact: true })).toBeVisible();
});

test('invoices: forbidden without invoice:view', async ({ page }) => {
  await visitAs(page, EU_BUYER, '/webstore/invoices');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

const ACCOUNT_MANAGERS = [
  'Alice Archer',
  'Ben Bishop',
  'Chloe Carter',
  'Dev Dhillon',
  'Erin Evans',
  'Farah Fischer',
  'George Grant',
  'Hana Hughes',
];

test('metrics: root sees every account manager', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/metrics');
  await expect(page).toHaveURL(/\/backoffice\/metrics$/);
  const table = page.getByRole('grid');
  // The first cell of a manager's row holds its collapse toggle beside the name.
  for (const name of ACCOUNT_MANAGERS) {
    await expect(table.getByRole('gridcell', { name: new RegExp(`${name}$`) }).first()).toBeVisible(FIRST_DRAW);
  }
});

test('metrics: under each account manager a row per period, collapsible (001 §2)', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/metrics');
  const managers = page.getByRole('group', { name: 'Account managers', exact: true });
  await managers.getByLabel('Chloe Carter').check();
  const table = page.getByRole('grid');
  await expect(table.getByRole('gridcell', { name: /^(Week|Month|Quarter) · \d{1,2}\w\w \w{3} \d{4}$/ }).first()).toBeVisible(FIRST_DRAW);
  await table.getByRole('button', { name: /Chloe Carter/ }).click();
  await expect(table.getByRole('gridcell', { name: /^(Week|Month|Quarter) · / })).toHaveCount(0);
});

test('metrics: the account managers checklist offers every manager and narrows the table', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/metrics');
  const managers = page.getByRole('group', { name: 'Account managers', exact: true });
  await expect(managers.getByRole('checkbox')).toHaveCount(ACCOUNT_MANAGERS.length, FIRST_DRAW);
  await managers.getByLabel('Chloe Carter').check();
  await managers.getByLabel('Hana Hughes').check();
  const table = page.getByRole('grid');
  await expect(table.getByRole('gridcell', { name: /Alice Archer$/ })).toHaveCount(0);
  await expect(table.getByRole('gridcell', { name: /Chloe Carter$/ }).first()).toBeVisible();
  await expect(table.getByRole('gridcell', { name: /Hana Hughes$/ }).first()).toBeVisible();
  // Each sales column is money in its own currency.
  await expect(table.getByRole('gridcell', { name: /^US\$/ }).first()).toBeVisible();
  await expect(table.getByRole('gridcell', { name: /^€/ }).first()).toBeVisible();
});

test('invoices: the organisation filter is for users both root and admin only', async ({ page }) => {
  const organisation = page.getByLabel('Organisation', { exact: true });
  await visitAs(page, ROOT_ADMIN, '/webstore/invoices');
  await expect(organisation.locator('option[value="7"]')).toBeAttached();
  for (const email of [RESELLER_ADMIN, BUYER]) {
    await page.context().clearCookies();
    await visitAs(page, email, '/webstore/invoices');
    await expect(page.getByRole('group', { name: 'Status', exact: true })).toBeVisible();
    await expect(organisation).toHaveCount(0);
  }
});

test('metrics: an organisation admin who is not root is forbidden', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/metrics');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});
