import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signInTo } from './support/signIn';

/**
 * After the sale in a real browser (issue 9): an invoice downloaded as a PDF that opens, the sales
 * metrics' charts and export, a change order placed from a subscription. Each test leaves the demo
 * data as other specs expect it, or changes only what it made itself.
 */

const BUYER = 'buyer@customer.example';

const invoiceRow = (page: Page, reference: string) => page.getByRole('row').filter({ hasText: reference });

test('invoices: Download saves the invoice as a PDF that opens, with the alerts of 001 §8', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore/invoices', /\/webstore\/invoices$/);
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await invoiceRow(page, 'INV-1004').getByRole('button', { name: 'Download INV-1004' }).click();
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
  await invoiceRow(page, 'CN-2001').getByRole('button', { name: 'Download CN-2001' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('CN-2001.pdf');
  expect((await PDFDocument.load(await readFile((await download.path())!))).getTitle()).toBe('CREDIT NOTE CN-2001');
});

const ROOT_ADMIN = 'admin@supplier.example';

test('metrics: the three charts over the top six account managers plus Others, following the filters', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/backoffice/metrics', /\/backoffice\/metrics$/);
  const newOnHub = page.getByRole('figure', { name: 'New on HUB' });
  const sales = page.getByRole('figure', { name: 'Number of sales' });
  const value = page.getByRole('figure', { name: 'Total sales value' });
  for (const chart of [newOnHub, sales, value]) {
    await expect(chart.getByRole('img')).toBeVisible();
    await expect(chart.getByRole('listitem')).toHaveCount(7);
    await expect(chart.getByRole('listitem').last()).toContainText('Others');
  }
  // Over every period, Farah Fischer sold the most in pounds (9,120 + 27,410.10 + 88,300 a period, and history).
  await expect(value.getByRole('listitem').first()).toContainText('Farah Fischer');
  await expect(value.getByRole('listitem').first()).toContainText('£');
  await page.getByRole('radio', { name: 'Euro (€)' }).check();
  await expect(value.getByRole('listitem').first()).toContainText('€');
  await page.getByRole('radio', { name: 'Dollar ($)' }).check();
  await expect(value.getByRole('listitem').first()).toContainText('$');
  // Two account managers chosen: two slices, no Others.
  const managers = page.getByRole('group', { name: 'Account managers', exact: true });
  await managers.getByLabel('Alice Archer').check();
  await managers.getByLabel('Ben Bishop').check();
  await expect(sales.getByRole('listitem')).toHaveCount(2);
  await expect(sales.getByRole('listitem').first()).toContainText('Alice Archer');
});

test('metrics: Export saves the table as a CSV under the server’s name, with the download alert', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/backoffice/metrics', /\/backoffice\/metrics$/);
  await expect(page.getByRole('figure', { name: 'Number of sales' }).getByRole('img')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sales-metrics-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Your CSV download has started.')).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Account manager,Period,Period start,New on HUB,Number of sales,Sales (USD),Sales (EUR),Sales (GBP)');
  expect(text).toContain('Alice Archer,Total,');
});
