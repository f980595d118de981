import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { apiRead, apiWrite } from './support/api';
import { confirmAction } from './support/confirmAction';
import { signInTo } from './support/signIn';
import { writeVersionedRows } from '../../server/testing/versionedRows';

/**
 * The order page and its actions (001 §2, §4, §8) against the demo orders (seeds/demo/orders.ts):
 * 6 is Customer Co's COMPLETE order with a shipment and serials, 9 its PENDING_AUTHORISATION one,
 * 11 a CREATED one without an external id. Rita administers the reseller above Customer Co; Bob is
 * Customer Co's buyer. The browser tests share one database: each test puts back what it changed.
 */
const RESELLER_ADMIN = 'admin@reseller.example';
const ROOT_ADMIN = 'admin@supplier.example';
const BUYER = 'buyer@customer.example';

const openDatabase = () => openPortalDatabase();

/** Puts an order's status (and what an action cleared) back as the demo had it. */
async function restoreOrder(id: number, values: Record<string, unknown>): Promise<void> {
  const db = openDatabase();
  try {
    await writeVersionedRows(db, (trx) => trx('orders').where('id', id).update(values));
  } finally {
    await db.destroy();
  }
}

const footer = (page: Page) => page.locator('.action-bar--footer');

/** Clicks an action of the order page's footer and answers its confirmation. */
const confirm = (page: Page, button: string, text: string, answer = 'Yes') => confirmAction(page, footer(page), button, text, answer);

test('the order page: side menu, "Order: status", details, shipments with their serials, product lines', async ({ page }) => {
  await signInTo(page, RESELLER_ADMIN, '/webstore/orders/6', /\/webstore\/orders\/6$/);
  await expect(page.getByRole('heading', { name: 'Order: Complete', exact: true })).toBeVisible();
  const menu = page.locator('.order-page__menu');
  for (const link of ['Orders list', 'Overview', 'Audit', 'Serial numbers'])
    await expect(menu.getByRole('link', { name: link, exact: true })).toBeVisible();
  const details = page.locator('.order-details');
  await expect(details.getByRole('row', { name: /Reference HUB-10006/ })).toBeVisible();
  await expect(details.getByRole('list', { name: 'Linked supplier references', exact: true })).toContainText('SO800006');
  await expect(details.getByRole('row', { name: /Shipping method Standard UK delivery/ })).toBeVisible();
  await expect(details.getByRole('row', { name: /Created 2\d(st|nd|rd|th) Jan 2026, \d\d:\d\d/ })).toBeVisible();
  await page.getByRole('button', { name: 'View serial numbers', exact: true }).click();
  const serials = page.getByRole('dialog');
  for (const serial of ['SN-6-001', 'SN-6-002', 'SN-6-003'])
    await expect(serials.getByRole('cell', { name: serial, exact: true })).toBeVisible();
  await expect(serials.getByRole('link', { name: 'Download CSV', exact: true })).toHaveAttribute(
    'href',
    '/webstore/orders/6/serials/export',
  );
  await serials.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(serials).toBeHidden();
  const lines = page.locator('.order-lines');
  await expect(lines.getByRole('link', { name: 'LOGI-CABLE-KIT', exact: true })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'LOGI-CABLE-KIT 3 £59.00 0% £177.00', exact: true })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'Subtotal £827.00', exact: true })).toBeVisible();
  // Margins are root's only; a completed order can only be reordered and printed.
  await expect(lines.getByRole('columnheader', { name: 'Cost price', exact: true })).toHaveCount(0);
  await expect(footer(page).getByRole('button')).toHaveText(['Create basket from order', 'Print']);
});

test('root users see the margin columns', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore/orders/6', /\/webstore\/orders\/6$/);
  await expect(page.locator('.order-lines').getByRole('columnheader', { name: 'Cost price', exact: true })).toBeVisible();
  await expect(page.locator('.order-lines').getByRole('columnheader', { name: 'Margin', exact: true })).toBeVisible();
  // Each line's margin as a share of its total (issue 22 item 10: the column was empty).
  await expect(
    page
      .locator('.order-lines tbody')
      .getByRole('cell', { name: /^\d+(\.\d+)?%$/ })
      .first(),
  ).toBeVisible();
});

test('approve a pending order of another organisation; its own buyer is offered neither approve nor deny', async ({ page }) => {
  try {
    await signInTo(page, RESELLER_ADMIN, '/webstore/orders/9', /\/webstore\/orders\/9$/);
    await expect(page.getByRole('heading', { name: 'Order: Pending authorisation', exact: true })).toBeVisible();
    await expect(footer(page).getByRole('button', { name: 'Deny', exact: true })).toBeVisible();
    await confirm(page, 'Approve', 'Are you sure you want to approve order HUB-10009?');
    await expect(page.getByText('Order HUB-10009 has been approved.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order: Created', exact: true })).toBeVisible();
    await expect(footer(page).getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    expect((await apiRead(page, '/orders/9'))['status']).toBe('CREATED');
  } finally {
    await restoreOrder(9, { status: 'PENDING_AUTHORISATION' });
  }
  await page.context().clearCookies();
  await signInTo(page, BUYER, '/webstore/orders/9', /\/webstore\/orders\/9$/);
  await expect(page.getByRole('heading', { name: 'Order: Pending authorisation', exact: true })).toBeVisible();
  await expect(footer(page).getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  await expect(footer(page).getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(footer(page).getByRole('button', { name: 'Deny', exact: true })).toHaveCount(0);
});

test('cancel an order; No leaves it as it was', async ({ page }) => {
  try {
    await signInTo(page, RESELLER_ADMIN, '/webstore/orders/11', /\/webstore\/orders\/11$/);
    await confirm(page, 'Cancel order', 'Are you sure you want to cancel order HUB-10011?', 'No');
    expect((await apiRead(page, '/orders/11'))['status']).toBe('CREATED');
    await confirm(page, 'Cancel order', 'Are you sure you want to cancel order HUB-10011?');
    await expect(page.getByText('Order HUB-10011 has been cancelled.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order: Cancelled', exact: true })).toBeVisible();
    await expect(footer(page).getByRole('button', { name: 'Cancel order', exact: true })).toHaveCount(0);
  } finally {
    await restoreOrder(11, { status: 'CREATED' });
  }
});

test('create a basket from an order, named in the prompt, then the baskets list', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders/11', /\/webstore\/orders\/11$/);
  await footer(page).getByRole('button', { name: 'Create basket from order', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Create a new basket from order HUB-10011?');
  await dialog.getByLabel('Basket name (optional)').fill('  Reorder from the browser  ');
  await dialog.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/baskets$/);
  await expect(page.getByText('A basket has been created from order HUB-10011.')).toBeVisible();
  const link = page.getByRole('link', { name: 'Reorder from the browser', exact: true });
  await expect(link).toBeVisible();
  const id = (await link.getAttribute('href'))?.split('/').at(-1);
  await apiWrite(page, 'DELETE', `/baskets/${id}`);
});

test('root links a supplier reference once it is well formed and found, and removes it again', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore/orders/2', /\/webstore\/orders\/2$/);
  const details = page.locator('.order-details');
  await details.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const proceed = dialog.getByRole('button', { name: 'Proceed', exact: true });
  await dialog.getByLabel('Supplier reference').fill('SX700003');
  await expect(dialog.getByRole('status')).toHaveText('Please enter a valid sales order reference.');
  await expect(proceed).toBeDisabled();
  await dialog.getByLabel('Supplier reference').fill('SO123');
  await expect(dialog.getByRole('status')).toHaveText('No sales order was found with this reference.');
  await expect(proceed).toBeDisabled();
  await dialog.getByLabel('Supplier reference').fill('SO700003');
  await expect(dialog.getByRole('status')).toHaveText('Found: order HUB-10003');
  await proceed.click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  const refs = details.getByRole('list', { name: 'Linked supplier references', exact: true });
  await expect(refs.getByRole('listitem')).toHaveText(['SO800002×', 'SO700003×']);
  await refs.getByRole('button', { name: 'Remove SO700003', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to remove the supplier reference SO700003?');
  await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(refs.getByRole('listitem')).toHaveText(['SO800002×']);
  // A reseller's admin is not root: the references are read-only to them.
  await page.context().clearCookies();
  await signInTo(page, RESELLER_ADMIN, '/webstore/orders/2', /\/webstore\/orders\/2$/);
  await expect(page.locator('.order-details').getByRole('list', { name: 'Linked supplier references', exact: true })).toHaveText(
    'SO800002',
  );
  await expect(page.locator('.order-details').getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
});

test('the orders list: tick orders (or all of the page), Export saves the CSV under the name given, Print prints the list alone', async ({
  page,
}) => {
  await signInTo(page, BUYER, '/webstore/orders', /\/webstore\/orders$/);
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  await expect(exportButton).toBeDisabled();
  // Each row's checkbox is named after the order, the same row's link (not AG Grid's "toggle row selection").
  const rowBox = (reference: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: reference, exact: true }) })
      .getByRole('checkbox', { name: `Select ${reference}`, exact: true });
  await rowBox('HUB-10002').check();
  await rowBox('HUB-10001').check();
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['HUB-10001', 'HUB-10002']);
  await expect(page.getByText('Your CSV download has started.')).toBeVisible();
  // Select-all ticks the page's rows: 12 of Customer Co's tree.
  await page.getByRole('checkbox', { name: 'Select all rows of this page', exact: true }).check();
  await expect(rowBox('HUB-10019')).toBeChecked();
  const [all] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect((await readFile(await all.path(), 'utf8')).trimEnd().split('\r\n')).toHaveLength(13);
  // Printed (the list opened directly, no order page loaded before): the rows without the menus,
  // filters, pager, checkboxes and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: 'HUB-10002', exact: true })).toBeVisible();
  for (const hidden of [
    page.locator('header.app-header'),
    page.getByRole('complementary', { name: 'Filters', exact: true }),
    page.getByRole('navigation', { name: 'Pagination', exact: true }),
  ]) {
    await expect(hidden).toBeHidden();
  }
  await expect(page.getByRole('checkbox', { name: 'Select all rows of this page', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  // Every column keeps its heading on paper: innerText is what is rendered, so a heading hidden
  // by the print style is missing from it.
  const headings = (await page.getByRole('grid').locator('.ag-header').innerText())
    .split(/\s*\n\s*|\t/)
    .map((text) => text.trim())
    .filter(Boolean);
  expect(headings).toEqual(['Reference', 'Supplier ref', 'PO number', 'Organisation', 'Total', 'Created', 'Created by', 'Type', 'Status']);
});

test('a financed order shows its finance contact and figures (001 §2, §9)', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders/14', /\/webstore\/orders\/14$/);
  const details = page.locator('.order-details');
  await expect(details.getByRole('row', { name: /Payment type Finance/ })).toBeVisible();
  await expect(details.getByRole('row', { name: /Finance contact Mr Bob Buyer, buyer@customer.example/ })).toBeVisible();
  await expect(details.getByRole('row', { name: 'Finance term 60 months', exact: true })).toBeVisible();
  for (const label of ['Monthly payment', 'Cost of finance', 'Total finance paid'])
    await expect(details.getByRole('row', { name: new RegExp(`^${label} £[\\d,]+\\.\\d\\d$`) })).toBeVisible();
  await page.screenshot({ path: 'test-results/order-14.png', fullPage: true });
});

test('a change order shows the change-order view: its own heading, no shipping, no reorder', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/orders/4', /\/webstore\/orders\/4$/);
  await expect(page.getByRole('heading', { name: 'Change order: Part shipped', exact: true })).toBeVisible();
  const details = page.locator('.order-details');
  await expect(details.getByRole('row', { name: /Type Change/ })).toBeVisible();
  await expect(details.getByRole('row', { name: /Shipping method/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Product details', exact: true })).toBeVisible();
  await expect(page.locator('.order-page__menu').getByRole('link', { name: 'Serial numbers', exact: true })).toHaveCount(0);
  await expect(footer(page).getByRole('button')).toHaveText(['Print']);
  // The subscription it changes, by name, linking to the subscription page whose history lists it.
  await details
    .getByRole('row', { name: /Subscription/ })
    .getByRole('link', { name: 'Teams calling', exact: true })
    .click();
  await expect(page).toHaveURL(/\/webstore\/subscriptions\/4$/);
  await expect(page.getByRole('heading', { name: 'Subscription: Teams calling', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Order history', exact: true }).click();
  await expect(page.getByRole('link', { name: 'HUB-10004', exact: true })).toBeVisible();
});
