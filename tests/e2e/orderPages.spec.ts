import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { FORBIDDEN, signInTo } from './support/signIn';

/**
 * 001 §2 order detail: the order's links to its audit log (only with order:audit) and serial
 * numbers, those two pages with their crumbs, and the serials CSV (a link the server answers).
 * Demo data: seeds/demo/orders.ts (order 6, HUB-10006, shipped with SN-6-001…003) and the order
 * audit entries of seeds/demo/backoffice.ts.
 */

/** An administrator of the reseller above Customer Co: every permission, order:audit included. */
const RESELLER_ADMIN = 'admin@reseller.example';
/** Customer Co's buyer: order:view, not order:audit. */
const BUYER = 'buyer@customer.example';

const visitAs = signInTo;

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
/** The list grid's own rows, not those of the field-change tables nested in their cells. */
const entries = (page: Page) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

test('order: the audit link leads to the audit log with its entries and crumbs', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/webstore/orders/6');
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/orders\/6\/audit$/);
  await expect(page.getByRole('heading', { name: 'Order audit log', exact: true })).toBeVisible();
  // The order by its name, not its id (issue 22 item 17).
  await expect(crumbs(page).getByRole('listitem')).toHaveText(['Orders', 'HUB-10006', 'Audit']);
  await expect(entries(page)).toHaveCount(3);
  // The status change by its labels, as the order page shows statuses (issue 22 item 15).
  const shipped = entries(page).filter({ hasText: 'Processing' });
  await expect(shipped).toContainText('Sam Supplier');
  await expect(shipped).toContainText('Shipped');
  // The emulated change: Bob Buyer's session, Rita Reseller behind it.
  await expect(entries(page).filter({ hasText: 'PO-3-6-OLD' })).toContainText('Rita Reseller');
  await crumbs(page).getByRole('link', { name: 'HUB-10006', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/orders\/6$/);
});

test('order audit: forbidden without order:audit, and no audit link', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders/6');
  await expect(page.getByRole('link', { name: 'Serial numbers', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit', exact: true })).toHaveCount(0);
  await page.goto('/webstore/orders/6/audit');
  await expect(page.getByRole('heading', { name: FORBIDDEN, exact: true })).toBeVisible();
  expect((await page.request.get('/api/v1/orders/6/audit_logs')).status()).toBe(403);
});

test('order serials: the units with their serial numbers, and the CSV download', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders/6');
  await page.getByRole('link', { name: 'Serial numbers', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/orders\/6\/serials$/);
  await expect(page.getByRole('heading', { name: 'Serial numbers', exact: true })).toBeVisible();
  await expect(crumbs(page).getByRole('listitem')).toHaveText(['Orders', 'HUB-10006', 'Serial numbers']);
  for (const serial of ['SN-6-001', 'SN-6-002', 'SN-6-003'])
    await expect(page.getByRole('gridcell', { name: serial, exact: true })).toBeVisible();

  const link = page.getByRole('link', { name: 'Download CSV', exact: true });
  await expect(link).toHaveAttribute('href', '/webstore/orders/6/serials/export');
  const answer = await page.request.get('/webstore/orders/6/serials/export');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await answer.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Product code,Product name,Serial number');
  expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['SN-6-001', 'SN-6-002', 'SN-6-003']);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('order-HUB-10006-serials.csv');
  expect(await readFile(await download.path(), 'utf8')).toBe(await answer.text());
});

test('order serials: an order outside the caller’s scope is not found', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/orders/3/serials');
  await expect(page).toHaveURL(/\/not-found$/);
  expect((await page.request.get('/webstore/orders/3/serials/export')).status()).toBe(404);
});
