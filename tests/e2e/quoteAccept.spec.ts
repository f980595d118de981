import { expect, test } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { writeVersionedRows } from '../../server/testing/versionedRows';
import { apiWrite } from './support/api';
import { signInTo } from './support/signIn';
import { answerLate } from './support/gate';
import { DOCK_SHIPPING, draftQuote, productId, removeQuote } from './support/quotes';

/**
 * 001 §2, §5 Accept and order from the inward view (docs/quotes.md): the root admin's published
 * quote (staged and published through the API: the editor's line items are not built yet) is
 * accepted by the recipient's admin, who gives a PO number and lands on the new order, whose lines
 * and total are the quote's. The browser tests share one database: the test removes what it made.
 */
const openDatabase = () => openPortalDatabase();

test('publish → accept and order → the order page, with the quote’s lines and total', async ({ page }) => {
  test.slow();
  const db = openDatabase();
  let quoteId: unknown;
  let orderId: string | undefined;
  try {
    const ids = new Map(
      (
        (await db('products').whereIn('product_code', ['GEN-HDMI-5M', 'DBX-BUS-STD']).select('id', 'product_code')) as {
          id: number;
          product_code: string;
        }[]
      ).map((row) => [row.product_code, row.id]),
    );
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    const draft = await apiWrite(page, 'POST', '/quotes', {
      organisation_to: 2,
      recipient_name: 'Rita Reseller',
      recipient_email: 'admin@reseller.example',
      name: 'E2E accept quote',
      expiry_date: '2030-12-31',
      line_items: [
        { product: ids.get('GEN-HDMI-5M'), quantity: 4, discount: 10 },
        {
          product: ids.get('DBX-BUS-STD'),
          quantity: 3,
          dropbox_team_name: `E2E Team ${Date.now() % 100000}`,
          dropbox_admin_email: 'it@reseller.example',
        },
      ],
      ...DOCK_SHIPPING,
    });
    quoteId = draft['id'];
    const published = await apiWrite(page, 'POST', `/quotes/${String(quoteId)}/send`);
    expect(published['quote_status']).toBe('PUBLISHED');
    const total = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(Number(published['total']));

    await page.context().clearCookies();
    await signInTo(
      page,
      'admin@reseller.example',
      `/webstore/quotesinward/${String(quoteId)}`,
      new RegExp(`/webstore/quotesinward/${String(quoteId)}$`),
    );
    await expect(page.getByText('E2E accept quote').first()).toBeVisible();
    await page.getByTestId('purchase_order_number').fill(`PO-E2E-${String(quoteId)}`);
    await page.getByTestId('inward-save').click();
    await expect(page.getByTestId('inward-save')).toBeDisabled();
    await page.getByRole('button', { name: 'Accept and order', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Accept quote E2E accept quote and place its order?');
    await dialog.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
    orderId = /orders\/(\d+)$/.exec(page.url())![1];
    await expect(page.getByText('Quote E2E accept quote has been accepted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Order: / })).toBeVisible();
    const details = page.locator('.order-details');
    await expect(details.getByRole('link', { name: 'E2E accept quote', exact: true })).toBeVisible();
    await expect(details).toContainText(`PO-E2E-${String(quoteId)}`);
    const lines = page.locator('.order-lines');
    await expect(lines.getByRole('row', { name: new RegExp(`^Subtotal ${total.replace(/[.£]/g, '\\$&')}$`) })).toBeVisible();
    const quote = (await db('quotes').where('id', Number(quoteId)).first('quote_status', 'order_id')) as {
      quote_status: string;
      order_id: number;
    };
    expect(quote).toEqual({ quote_status: 'ACCEPTED', order_id: Number(orderId) });
  } finally {
    await writeVersionedRows(db, async (trx) => {
      if (orderId !== undefined) {
        await trx('order_line_items').where('order_id', Number(orderId)).delete();
        await trx('orders').where('id', Number(orderId)).delete();
      }
      if (quoteId !== undefined) {
        await trx('quote_line_items').where('quote_id', Number(quoteId)).delete();
        await trx('quotes').where('id', Number(quoteId)).delete();
      }
    });
    await db.destroy();
  }
});

test('a save made while the lines’ products are still on their way keeps the shipping method', async ({ page }) => {
  // Whether a quote ships follows from its products, read after the quote itself: a save before
  // they came sent the quote as shipping nothing and cleared its method, so Accept stayed disabled.
  const db = openDatabase();
  let quoteId: number | undefined;
  try {
    const hdmi = await productId(db, 'GEN-HDMI-5M');
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    quoteId = await draftQuote(page, { name: 'E2E slow products quote', line_items: [{ product: hdmi, quantity: 2 }], ...DOCK_SHIPPING });
    await apiWrite(page, 'POST', `/quotes/${quoteId}/send`);

    await page.context().clearCookies();
    await answerLate(page, '**/api/v1/products/*', 1500);
    await signInTo(page, 'admin@reseller.example', `/webstore/quotesinward/${quoteId}`, new RegExp(`/webstore/quotesinward/${quoteId}$`));
    await page.getByTestId('purchase_order_number').fill(`PO-E2E-SLOW-${quoteId}`);
    await page.getByTestId('inward-save').click();
    await expect(page.getByTestId('inward-save')).toBeDisabled();
    await expect(page.getByRole('radio', { name: /^Standard UK delivery/ })).toBeChecked();
    await expect(page.getByTestId('inward-accept')).toBeEnabled();
    const stored = (await db('quotes').where('id', quoteId).first('shipping_type_id', 'purchase_order_number')) as Record<string, unknown>;
    expect(stored).toEqual({ shipping_type_id: 1, purchase_order_number: `PO-E2E-SLOW-${quoteId}` });
  } finally {
    await removeQuote(db, quoteId);
    await db.destroy();
  }
});

test('the inward view: an expired quote is read-only; without quote:modify only the PO and subscription names are editable', async ({
  page,
}) => {
  // Demo quote 5 is EXPIRED and quote 2 PUBLISHED (a Dropbox line, nothing to ship), both to Customer Co,
  // whose buyer holds quote:accept but not quote:modify.
  await signInTo(page, 'buyer@customer.example', '/webstore/quotesinward/5', /\/webstore\/quotesinward\/5$/);
  await expect(page.getByTestId('quote-expired')).toBeVisible();
  await expect(page.getByTestId('purchase_order_number')).not.toBeEditable();
  await expect(page.getByTestId('inward-accept')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Decline', exact: true })).toHaveCount(0);

  await page.goto('/webstore/quotesinward/2');
  await expect(page.getByTestId('quote-status')).toHaveText('Published');
  await expect(page.getByTestId('purchase_order_number')).toBeEditable();
  await expect(page.getByTestId('inward-names').getByTestId('line-dropbox_team_name')).toBeEditable();
  await expect(page.locator('#provisioning_instructions')).toBeDisabled();
  await expect(page.getByTestId('digital-delivery')).toBeVisible();
  await page.getByTestId('purchase_order_number').fill('PO-CHANGED');
  await expect(page.getByTestId('inward-accept')).toBeDisabled();
  await page.getByTestId('inward-cancel').click();
  await expect(page.getByTestId('purchase_order_number')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Decline', exact: true })).toBeVisible();
});

test("another organisation's quote opens the forbidden page, a missing one notFound (001 §2)", async ({ page }) => {
  // Demo quote 14 is PUBLISHED to Reseller Partners; the EU customer's buyer is of another organisation.
  await signInTo(page, 'buyer@eu-customer.example', '/webstore/quotesinward/14');
  await expect(page.getByText('Unfortunately you do not have permission to view this page')).toBeVisible();
  await page.goto('/webstore/quotesinward/99999');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('the recipient names the Dropbox team and Acronis tenant inward, is warned of a PO number already used, and accepts into an order carrying the names', async ({
  page,
}) => {
  test.slow();
  const db = openDatabase();
  let quoteId: unknown;
  let orderId: string | undefined;
  const team = `Inward Team ${Date.now() % 100000}`;
  try {
    await writeVersionedRows(db, (trx) => trx('organisations').where('id', 2).update({ force_po_uniqueness: true }));
    const ids = new Map(
      (
        (await db('products').whereIn('product_code', ['DBX-BUS-STD', 'ACR-CP-STD']).select('id', 'product_code')) as {
          id: number;
          product_code: string;
        }[]
      ).map((row) => [row.product_code, row.id]),
    );
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    // Sent without names: they are the recipient's to give (001 §5 "Quote accept").
    const draft = await apiWrite(page, 'POST', '/quotes', {
      organisation_to: 2,
      recipient_name: 'Rita Reseller',
      recipient_email: 'admin@reseller.example',
      name: 'E2E names quote',
      expiry_date: '2030-12-31',
      line_items: [
        { product: ids.get('DBX-BUS-STD'), quantity: 3 },
        { product: ids.get('ACR-CP-STD'), quantity: 1 },
      ],
    });
    quoteId = draft['id'];
    await apiWrite(page, 'POST', `/quotes/${String(quoteId)}/send`);

    await page.context().clearCookies();
    await signInTo(
      page,
      'admin@reseller.example',
      `/webstore/quotesinward/${String(quoteId)}`,
      new RegExp(`/webstore/quotesinward/${String(quoteId)}$`),
    );
    const names = page.getByTestId('inward-names');
    await expect(names.locator('fieldset')).toHaveCount(2);
    await expect(page.getByTestId('inward-accept')).toBeDisabled();
    await page.getByTestId('purchase_order_number').fill(`PO-NAMES-${String(quoteId)}`);
    await names.getByTestId('line-dropbox_team_name').fill(team);
    await names.getByTestId('line-dropbox_admin_email').fill('it@reseller.example');
    await names.getByTestId('line-acronis_tenant_name').fill('Reseller Tenant');
    await names.getByTestId('line-acronis_admin_email').fill('backup@reseller.example');
    // What was typed is saved first (the accept takes the quote as saved).
    await expect(page.getByTestId('inward-accept')).toBeDisabled();
    await page.getByTestId('inward-save').click();
    await expect(page.getByTestId('inward-save')).toBeDisabled();
    await expect(page.getByTestId('inward-accept')).toBeEnabled();
    await page.getByTestId('inward-accept').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
    orderId = /orders\/(\d+)$/.exec(page.url())![1];
    const lines = (await db('order_line_items')
      .where('order_id', Number(orderId))
      .orderBy('id')
      .select('dropbox_team_name', 'dropbox_admin_email', 'acronis_tenant_name', 'acronis_admin_email')) as Record<string, string | null>[];
    expect(lines).toEqual([
      { dropbox_team_name: team, dropbox_admin_email: 'it@reseller.example', acronis_tenant_name: null, acronis_admin_email: null },
      {
        dropbox_team_name: null,
        dropbox_admin_email: null,
        acronis_tenant_name: 'Reseller Tenant',
        acronis_admin_email: 'backup@reseller.example',
      },
    ]);
    // That PO number is now taken: another quote's inward view warns while it is typed (demo quote 14 is PUBLISHED to Reseller Partners).
    await page.goto('/webstore/quotesinward/14');
    await page.getByTestId('purchase_order_number').fill(`po-names-${String(quoteId)}`);
    await expect(page.getByTestId('po-warning')).toBeVisible();
    await page.getByTestId('purchase_order_number').fill(`PO-NAMES-${String(quoteId)}-2`);
    await expect(page.getByTestId('po-warning')).toHaveCount(0);
  } finally {
    await writeVersionedRows(db, async (trx) => {
      await trx('organisations').where('id', 2).update({ force_po_uniqueness: false });
      if (orderId !== undefined) {
        await trx('order_line_items').where('order_id', Number(orderId)).delete();
        await trx('orders').where('id', Number(orderId)).delete();
      }
      if (quoteId !== undefined) {
        await trx('quote_line_items').where('quote_id', Number(quoteId)).delete();
        await trx('quotes').where('id', Number(quoteId)).delete();
      }
    });
    await db.destroy();
  }
});
