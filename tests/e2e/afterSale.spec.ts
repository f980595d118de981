import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signInTo } from './support/signIn';
import { apiRead, apiWrite } from './support/api';
import { newestOrderId, removeOrdersPlacedAfter } from './support/placedOrders';
import { FIRST_DRAW } from './support/waits';

/**
 * After the sale in a real browser (issue 9): an invoice downloaded as a PDF that opens, the sales
 * metrics' charts and export, a change order placed from a subscription. Each test leaves the demo
 * data as other specs expect it, or changes only what it made itself.
 */

const BUYER = 'buyer@customer.example';

const invoiceRow = (page: Page, reference: string) => page.getByRole('row').filter({ hasText: reference });

// The orders this spec places are removed again: the order lists' tests count the demo's orders.
let ordersBefore = 0;
test.beforeAll(async () => {
  ordersBefore = await newestOrderId();
});
test.afterAll(async () => {
  await removeOrdersPlacedAfter(ordersBefore);
});

test('invoices: Download saves the invoice as a PDF that opens, with the alerts of 001 §8', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/invoices', /\/webstore\/invoices$/);
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await invoiceRow(page, 'INV-1004').getByRole('button', { name: 'Download INV-1004', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('INV-1004.pdf');
  await expect(page.getByText('File downloaded.')).toBeVisible();
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe('INVOICE INV-1004');
  expect(pdf.getPageCount()).toBe(1);
});

test('invoices: a credit note downloads too', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/invoices', /\/webstore\/invoices$/);
  const downloading = page.waitForEvent('download');
  await invoiceRow(page, 'CN-2001').getByRole('button', { name: 'Download CN-2001', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('CN-2001.pdf');
  expect((await PDFDocument.load(await readFile((await download.path())!))).getTitle()).toBe('CREDIT NOTE CN-2001');
});

const ROOT_ADMIN = 'admin@supplier.example';

test('metrics: the three charts over the top six account managers plus Others, following the filters', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/backoffice/metrics', /\/backoffice\/metrics$/);
  const newOnHub = page.getByRole('figure', { name: 'New on HUB', exact: true });
  const sales = page.getByRole('figure', { name: 'Number of sales', exact: true });
  const value = page.getByRole('figure', { name: 'Total sales value', exact: true });
  // Each chart's legend: its figures as text (metricsCharts.spec.ts reads the drawing itself).
  const legendOf = (chart: typeof newOnHub) => chart.locator('.metrics-chart__legend').getByRole('listitem');
  for (const chart of [newOnHub, sales, value]) {
    await expect(chart.locator('.recharts-surface').first()).toBeVisible(FIRST_DRAW);
    await expect(legendOf(chart)).toHaveCount(7);
    await expect(legendOf(chart).last()).toContainText('Others');
  }
  // Over every period, Farah Fischer sold the most in pounds (9,120 + 27,410.10 + 88,300 a period, and history).
  await expect(legendOf(value).first()).toContainText('Farah Fischer');
  await expect(legendOf(value).first()).toContainText('£');
  await page.getByRole('radio', { name: 'Euro (€)', exact: true }).check();
  await expect(legendOf(value).first()).toContainText('€');
  await page.getByRole('radio', { name: 'Dollar ($)', exact: true }).check();
  await expect(legendOf(value).first()).toContainText('$');
  // Two account managers chosen: two slices, no Others.
  const managers = page.getByRole('group', { name: 'Account managers', exact: true });
  await managers.getByLabel('Alice Archer').check();
  await managers.getByLabel('Ben Bishop').check();
  await expect(legendOf(sales)).toHaveCount(2);
  await expect(legendOf(sales).first()).toContainText('Alice Archer');
});

test('metrics: Export saves the table as a CSV under the server’s name, with the download alert', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/backoffice/metrics', /\/backoffice\/metrics$/);
  await expect(page.getByRole('figure', { name: 'Number of sales', exact: true }).locator('.recharts-surface').first()).toBeVisible(
    FIRST_DRAW,
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sales-metrics-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Your CSV download has started.')).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Account manager,Period,Period start,New on HUB,Number of sales,Sales (USD),Sales (EUR),Sales (GBP)');
  expect(text).toContain('Alice Archer,Total,');
});

test('subscriptions: a buyer raises a quantity, sees the preview, and places a change order', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/subscriptions/2', /\/webstore\/subscriptions\/2$/);
  await expect(page.getByRole('heading', { name: 'Subscription: Dropbox team storage', exact: true })).toBeVisible();
  // Definition first, read-only for a buyer (no contract:modify); the renewal fields show for an ACTIVE subscription.
  const definition = page.getByRole('tabpanel');
  await expect(definition.getByRole('textbox')).toHaveCount(0);
  await expect(definition.getByText('Auto renewal', { exact: true })).toBeVisible();
  await expect(definition.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(definition.getByText('Next renewal date', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Breakdown', exact: true }).click();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity Dropbox Business Standard', exact: true });
  await expect(quantity).toHaveValue('18');
  const row = page.getByRole('row').filter({ has: quantity });
  await expect(row).toContainText('DBX-BUS-STD');
  await expect(row).toContainText('Monthly (3–100 users)');
  await expect(row).toContainText('£225.00');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // Below the original quantity: refused with its tooltip, no preview.
  await quantity.fill('17');
  await expect(page.getByText('The quantity cannot go below 18, the subscription’s current quantity.')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await quantity.fill('25');
  // 25 × £12.50 = £312.50 a month, £3,750.00 over 12 months, against £225.00 and £2,700.00.
  await expect(row).toContainText('£312.50');
  await expect(row).toContainText('was £225.00');
  await expect(row).toContainText('£3,750.00');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order', exact: true });
  await expect(dialog).toContainText('The new recurring cost is £312.50 and the total contract value £3,750.00.');
  // Go back leaves everything as it was.
  await dialog.getByRole('button', { name: 'Go back', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(page.getByText('Subscription Dropbox team storage has been updated and an order has been placed.')).toBeVisible();
  // Reloaded: the baseline stays 18 until the order is fulfilled, and the open order locks the quantities.
  await expect(quantity).toHaveValue('18');
  await expect(quantity).toBeDisabled();
  await page.getByRole('tab', { name: 'Order history', exact: true }).click();
  // Beside the sale and the demo's completed change (HUB-10016), the change just placed.
  await expect(page.getByRole('gridcell', { name: 'Change', exact: true })).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: 'Change' }).filter({ hasText: 'Created' })).toHaveCount(1);
  await page.getByRole('link', { name: 'View order', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
});

test('subscriptions: root activates a PENDING ZOOM subscription from a date not before its start', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore/subscriptions/15', /\/webstore\/subscriptions\/15$/);
  await expect(page.getByRole('button', { name: 'Cancel subscription', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate', exact: true });
  const proceed = dialog.getByRole('button', { name: 'Proceed', exact: true });
  await expect(proceed).toBeDisabled();
  await dialog.getByLabel('Service activation date').fill('2001-01-01');
  await expect(proceed).toBeDisabled();
  await expect(dialog).toContainText('The service activation date cannot be before the subscription start date.');
  const today = new Date().toISOString().slice(0, 10);
  await dialog.getByLabel('Service activation date').fill(today);
  await proceed.click();
  await expect(page.getByText('Subscription Zoom Rooms roll-out has been activated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
});

test('subscriptions: root activates the pending change of a ZOOM subscription from today', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore/subscriptions/9', /\/webstore\/subscriptions\/9$/);
  await expect(page.getByRole('button', { name: 'Cancel change', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate change', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate change', exact: true });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Change activation date').fill(yesterday);
  await expect(dialog).toContainText('The change activation date cannot be before today.');
  await expect(dialog.getByRole('button', { name: 'Proceed', exact: true })).toBeDisabled();
  await dialog.getByLabel('Change activation date').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page.getByText('The changes to subscription Zoom Workplace Business have been activated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel change', exact: true })).toHaveCount(0);
});

test('subscriptions: on a ZOOM subscription a buyer gets no root actions and cannot change quantities', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/subscriptions/1', /\/webstore\/subscriptions\/1$/);
  await expect(page.getByRole('heading', { name: 'Subscription: Zoom Workplace for head office', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Activate|Cancel subscription|Cancel change/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Breakdown', exact: true }).click();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity Zoom Workplace Pro', exact: true });
  await expect(quantity).toBeDisabled();
  await expect(page.getByText('The quantities of Acronis and Zoom subscriptions are changed with the vendor.').first()).toBeAttached();
});

test('subscriptions: a CANCELLED subscription hides its renewal fields', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/subscriptions/8', /\/webstore\/subscriptions\/8$/);
  await expect(page.getByRole('heading', { name: 'Subscription: Branch Dropbox Advanced', exact: true })).toBeVisible();
  await expect(page.getByText('Billing frequency')).toBeVisible();
  await expect(page.getByText('Auto renewal', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Renewal term (months)')).toHaveCount(0);
  await expect(page.getByText('End date', { exact: true })).toHaveCount(0);
});

test('subscriptions: a reseller admin (contract:modify) renames a subscription and changes its renewal term; the figures follow', async ({
  page,
}) => {
  await signInTo(page, 'admin@reseller.example', '/webstore/subscriptions/2', /\/webstore\/subscriptions\/2$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
  await expect(crumbs.locator('li').last()).toHaveText('Dropbox team storage');
  const name = page.getByLabel('Name');
  const term = page.getByLabel('Renewal term (months)');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(name).toHaveValue('Dropbox team storage');
  await expect(term).toHaveValue('12');
  await expect(save).toBeDisabled();
  try {
    await name.fill('Team storage (head office)');
    await term.fill('24');
    await save.click();
    await expect(page.getByText('Subscription Team storage (head office) has been updated.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription: Team storage (head office)', exact: true })).toBeVisible();
    await expect(save).toBeDisabled();
    // 18 users at £12.50 a month over 24 months.
    await page.getByRole('tab', { name: 'Breakdown', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'DBX-BUS-STD' })).toContainText('£5,400.00');
  } finally {
    // The demo as it was, for the other specs.
    await apiWrite(page, 'PUT', '/subscriptions/2', { name: 'Dropbox team storage', renewal_term_months: 12 });
  }
});

test('subscriptions: a renewal term that is no whole number of billing periods is refused beside its field', async ({ page }) => {
  await signInTo(page, 'admin@reseller.example', '/webstore/subscriptions/1', /\/webstore\/subscriptions\/1$/);
  await page.getByLabel('Renewal term (months)').fill('18');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The renewal term must be a whole number of the subscription’s billing periods.')).toBeVisible();
  await expect(page.getByText('Subscription Zoom Workplace for head office could not be updated. Please try again.')).toBeVisible();
  expect((await apiRead(page, '/subscriptions/1'))['renewal_term_months']).toBe(12);
});
