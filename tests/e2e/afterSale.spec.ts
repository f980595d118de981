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
