import { expect, test, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * The generic list and record screens (runtime/list, runtime/record) on generated screens of the
 * spec, against the demo data as the supplier's root admin (who sees every organisation):
 * filters (debounced, soft-validated ranges, organisations in tree order, clear), server
 * sorting, paging, links to the record screen, the organisation tree and the not-found redirect
 * of a missing record.
 */

const ROOT_ADMIN = 'admin@supplier.example';

const visitAs = (page: Page, email: string, path: string) => signInTo(page, email, path, new RegExp(`${path}$`));

/** The list grid's data rows (the header row excluded), in display order (the grid keeps the DOM in it). */
const dataRows = (page: Page) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
/** The reference shown in the data row at that position (0 is the first). */
const referenceAt = (page: Page, index: number) => dataRows(page).nth(index).locator('[col-id="name"]');
const status = (page: Page) => page.locator('.pagination__status');

test('orders: text and checklist filters narrow the rows, an inverted date range is refused, clear restores', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/orders');
  await expect(status(page)).toHaveText('Page 1 of 1 · 20 results');
  // Money in each order's own currency, dates as 5th Jan 2026, enum values by their labels.
  await expect(page.getByRole('gridcell', { name: '€827.00', exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: '5th Jan 2026', exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Pending authorisation', exact: true }).first()).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill('HUB-1001');
  await expect(status(page)).toHaveText('Page 1 of 1 · 10 results');
  await page.getByRole('group', { name: 'Status', exact: true }).getByLabel('Cancelled').check();
  await expect(status(page)).toHaveText('Page 1 of 1 · 1 result');
  await expect(referenceAt(page, 0)).toHaveText('HUB-10010');

  await page.getByRole('link', { name: 'Clear filters', exact: true }).click();
  await expect(status(page)).toHaveText('Page 1 of 1 · 20 results');
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');

  const dates = page.getByRole('group', { name: 'Date', exact: true });
  await dates.getByLabel('From').fill('2026-02-01');
  await expect(status(page)).toHaveText(/· 11 results$/);
  await dates.getByLabel('To').fill('2026-01-15');
  await expect(dates.getByRole('alert')).toHaveText('The end date must not be before the start date.');
  await expect(dates.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(dates.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  // Neither bound is sent: the list shows every order again.
  await expect(status(page)).toHaveText('Page 1 of 1 · 20 results');
  await dates.getByLabel('To').fill('2026-02-10');
  await expect(dates.getByRole('alert')).toHaveCount(0);
  await expect(status(page)).toHaveText('Page 1 of 1 · 4 results');
});

test('orders: the organisation filter offers the visible organisations in tree order and filters the subtree', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/orders');
  const organisation = page.getByLabel('Organisation', { exact: true });
  // The widget appears once the organisations have loaded.
  await expect(organisation.locator('option[value="7"]')).toBeAttached();
  const options = await organisation
    .locator('option')
    .evaluateAll((elements) =>
      elements.map((element) => ({ value: (element as HTMLOptionElement).value, text: element.textContent ?? '' })),
    );
  expect(options[0]).toEqual({ value: '', text: 'All' });
  // The branch comes straight after its parent, one level deeper.
  const parent = options.findIndex((option) => option.value === '3');
  const branch = options[parent + 1]!;
  expect(branch.value).toBe('7');
  const indent = (text: string) => text.length - text.trimStart().length;
  expect(indent(branch.text)).toBeGreaterThan(indent(options[parent]!.text));

  await organisation.selectOption('3');
  await expect(status(page)).toHaveText('Page 1 of 1 · 12 results');
  await organisation.selectOption('7');
  await expect(status(page)).toHaveText('Page 1 of 1 · 4 results');
});

test('orders: sorting goes to the server, a reference links to its order page', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/orders');
  // Newest first by default.
  await expect(referenceAt(page, 0)).toHaveText('HUB-10020');
  await page.getByRole('columnheader', { name: 'Reference', exact: true }).click();
  await expect(referenceAt(page, 0)).toHaveText('HUB-10001');
  await page.getByRole('columnheader', { name: 'Reference', exact: true }).click();
  await expect(referenceAt(page, 0)).toHaveText('HUB-10020');
  await expect(referenceAt(page, 19)).toHaveText('HUB-10001');

  await referenceAt(page, 19).getByRole('link', { name: 'HUB-10001', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/orders\/1$/);
  // The order page (001 §2): its details table and totals.
  const details = page.locator('.order-details');
  await expect(details.getByRole('row', { name: 'Reference HUB-10001', exact: true })).toBeVisible();
  await expect(details.getByRole('row', { name: 'PO number PO-3-1', exact: true })).toBeVisible();
  await expect(details.getByRole('row', { name: 'Status Created', exact: true })).toBeVisible();
  await expect(details.getByRole('row', { name: 'Organisation Customer Co Ltd', exact: true })).toBeVisible();
  // The goods' £116.00 and the shipping's £9.95.
  await expect(page.locator('.order-lines tfoot').getByRole('row', { name: 'Total £125.95', exact: true })).toBeVisible();
});

test('invoices: paging moves through the pages the server counts', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/invoices');
  await expect(status(page)).toHaveText('Page 1 of 2 · 25 results');
  await expect(dataRows(page)).toHaveCount(24);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(status(page)).toHaveText('Page 2 of 2 · 25 results');
  await expect(dataRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: '1', exact: true }).click();
  await expect(status(page)).toHaveText('Page 1 of 2 · 25 results');
});

test('subscriptions: rows grouped under collapsible organisations', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/subscriptions');
  const organisations = page.locator('.tree-table__organisation');
  await expect(organisations).toHaveText(['▾ Customer Co Ltd', '▾ Customer Co Branch', '▾ EU Customer GmbH', '▾ Other Customer Ltd']);
  await expect(page.getByRole('link', { name: 'Branch managed support', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Collapse Customer Co Ltd', exact: true }).click();
  // Its rows and its branch's rows are hidden; the branch's own header too.
  await expect(page.getByRole('link', { name: 'Dropbox team storage', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Branch managed support', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dropbox archive', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Expand Customer Co Ltd', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Branch managed support', exact: true })).toBeVisible();
});

test('a record that does not exist replaces the address with notFound', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/orders');
  await page.goto('/webstore/orders/99999');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
});

const BUYER = 'buyer@customer.example';
/** EU Customer: no finance type and a parent, so no payment type filter (001 §2). */
const EU_BUYER = 'buyer@eu-customer.example';

test('orders: a buyer without organisation:view still gets the organisation filter, over its own subtree', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders');
  const organisation = page.getByLabel('Organisation', { exact: true });
  await expect(organisation.locator('option[value="7"]')).toBeAttached();
  const values = await organisation
    .locator('option')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
  // All, "My customers" (001 §2), then the subtree.
  expect(values).toEqual(['', 'others', '3', '7']);
  await expect(status(page)).toHaveText('Page 1 of 1 · 12 results');
  await organisation.selectOption('7');
  await expect(status(page)).toHaveText('Page 1 of 1 · 4 results');
  // An organisation chosen after "My customers" replaces it, and back.
  await organisation.selectOption('others');
  await expect(status(page)).toHaveText('Page 1 of 1 · 4 results');
  await organisation.selectOption('3');
  await expect(status(page)).toHaveText('Page 1 of 1 · 12 results');
});

test('subscriptions: a buyer without organisation:view gets the organisation filter', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/subscriptions');
  await expect(page.getByLabel('Organisation', { exact: true }).locator('option[value="7"]')).toBeAttached();
});

test('orders: the payment type filter shows for an organisation with a finance type or without a parent only', async ({ page }) => {
  const paymentType = page.getByRole('group', { name: 'Payment type', exact: true });
  // Customer Co has the finance type AGENT.
  await visitAs(page, BUYER, '/webstore/orders');
  await expect(page.getByRole('group', { name: 'Order type', exact: true })).toBeVisible();
  await expect(paymentType).toBeVisible();
  // The supplier has no finance type but no parent either.
  await page.context().clearCookies();
  await visitAs(page, ROOT_ADMIN, '/webstore/orders');
  await expect(paymentType).toBeVisible();
  // EU Customer has neither.
  await page.context().clearCookies();
  await visitAs(page, EU_BUYER, '/webstore/orders');
  await expect(page.getByRole('group', { name: 'Order type', exact: true })).toBeVisible();
  await expect(paymentType).toHaveCount(0);
});

test('orders: ?pending_auth preselects the status Pending authorisation; clear goes back to every order', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/orders');
  await page.goto('/webstore/orders?pending_auth=1');
  const pending = page.getByRole('group', { name: 'Status', exact: true }).getByLabel('Pending authorisation');
  await expect(pending).toBeChecked();
  await expect(status(page)).toHaveText('Page 1 of 1 · 2 results');
  await page.getByRole('link', { name: 'Clear filters', exact: true }).click();
  await expect(pending).not.toBeChecked();
  await expect(status(page)).toHaveText('Page 1 of 1 · 20 results');
});
