import { expect, test, type Page } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { writeVersionedRows } from '../../server/testing/versionedRows';
import { apiWrite } from './support/api';
import { signInTo } from './support/signIn';
import { answerLate } from './support/gate';
import { DOCK_SHIPPING, draftQuote, productId, removeQuote } from './support/quotes';

/**
 * 001 §2, §5 and issue 16's "done when", in the browser: the root admin builds a quote in the
 * editor wizard (a shipped product with a discount, a Dropbox line, a Zoom configuration through
 * every stage of its wizard), saves it, walks its tabs
 * (shipping to an address by a method, account payment), sends it; the recipient's admin opens
 * it inward, accepts it with a PO number and lands on the new order, whose lines and subtotal are
 * the quote's as the server priced them. The browser tests share one database: the test removes
 * what it made.
 */
const openDatabase = () => openPortalDatabase();
const gbp = (amount: string | number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(Number(amount));
const line = (page: Page, code: string) => page.locator(`[data-testid="quote-line"][data-product-code="${code}"]`);

async function addProduct(page: Page, code: string): Promise<void> {
  await page.getByTestId('product-search').fill(code);
  const result = page.locator(`[data-testid="product-result"][data-product-code="${code}"]`);
  await result.getByRole('button', { name: /^Add / }).click();
  await expect(line(page, code)).toBeVisible();
}

test('a root admin builds, saves and sends a quote in the wizard; the recipient accepts it into an order at its prices', async ({
  page,
}) => {
  test.slow();
  const db = openDatabase();
  const team = `Wizard Team ${Date.now() % 100000}`;
  let quoteId: number | undefined;
  let orderId: number | undefined;
  try {
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    await page.getByRole('link', { name: 'Create new quote', exact: true }).first().click();
    await expect(page).toHaveURL(/\/webstore\/quotesoutward\/new$/);
    await expect(page.getByRole('heading', { name: 'New quote', exact: true })).toBeVisible();
    // The tabs after the first wait for complete details; Save waits for a change that can be saved.
    await expect(page.getByTestId('tab-info')).toBeDisabled();
    await expect(page.getByTestId('quote-save')).toBeDisabled();
    await expect(page.getByTestId('choose-recipient-first')).toBeVisible();

    // 001 §2: only organisations below with a linked account and a catalogue are offered.
    await expect(page.getByTestId('organisation_to').locator('option')).toHaveText([
      '-- Select organisation --',
      'Reseller Partners UK Ltd',
    ]);
    await page.getByTestId('organisation_to').selectOption({ label: 'Reseller Partners UK Ltd' });
    await page.getByTestId('recipient_name').fill('Rita Reseller');
    await page.getByTestId('recipient_email').fill('rita@');
    await expect(page.getByTestId('recipient-email-problem')).toBeVisible();
    await page.getByTestId('recipient_email').fill('admin@reseller.example');
    await page.getByTestId('name').fill('E2E wizard quote');
    await page.getByTestId('expiry_date').fill('2030-06-30');

    await addProduct(page, 'GEN-HDMI-5M');
    const hdmi = line(page, 'GEN-HDMI-5M');
    await hdmi.getByTestId('line-quantity').fill('4');
    await hdmi.getByTestId('line-quantity').press('Tab');
    await hdmi.getByTestId('line-discount').fill('101');
    await expect(hdmi.getByTestId('line-discount-problem')).toHaveText('The discount cannot be more than 100.');
    await expect(page.getByTestId('quote-save')).toBeDisabled();
    await hdmi.getByTestId('line-discount').fill('10');
    // The subtotal shown is the recipient's price less the discount, as the server will price it.
    const unit = Number((await hdmi.getByTestId('line-price').innerText()).replace(/[£,]/g, ''));
    await expect(hdmi.getByTestId('line-subtotal')).toHaveText(gbp((Math.round(unit * 4 * 90) / 100).toFixed(2)));

    await addProduct(page, 'DBX-BUS-STD');
    const dropbox = line(page, 'DBX-BUS-STD');
    await dropbox.getByTestId('line-quantity').fill('5');
    await dropbox.getByTestId('line-quantity').press('Tab');
    await dropbox.getByTestId('line-dropbox_team_name').fill(team);
    await dropbox.getByTestId('line-dropbox_admin_email').fill('it@reseller.example');

    // A service takes no discount (001 §5): its discount input is disabled.
    await addProduct(page, 'SVC-INSTALL-ROOM');
    await expect(line(page, 'SVC-INSTALL-ROOM').getByTestId('line-discount')).toBeDisabled();
    await line(page, 'SVC-INSTALL-ROOM').getByTestId('line-remove').click();

    // A Zoom product added from the list is not configured yet: the draft saves, the info tab's Next waits for it.
    await addProduct(page, 'ZM-LARGE-MTG');
    await expect(line(page, 'ZM-LARGE-MTG').getByTestId('line-zoom')).toBeVisible();

    await page.getByTestId('quote-save').click();
    await expect(page).toHaveURL(/\/webstore\/quotesoutward\/\d+\/draft$/);
    quoteId = Number(/quotesoutward\/(\d+)\/draft/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: 'Quote E2E wizard quote', exact: true })).toBeVisible();
    await expect(line(page, 'GEN-HDMI-5M').getByTestId('line-discount')).toHaveValue('10');
    await expect(line(page, 'SVC-INSTALL-ROOM')).toHaveCount(0);
    await expect(page.getByTestId('quote-save')).toBeDisabled();
    await expect(page.getByTestId('quote-cancel')).toBeDisabled();

    await page.getByTestId('next').click();
    await expect(page.getByTestId('zoom-status')).toContainText('Zoom Large Meetings 500');
    await expect(page.getByTestId('next')).toBeDisabled();
    await page.getByTestId('previous').click();

    // 001 §2 Zoom configuration wizard, every stage: it replaces the unconfigured Zoom line.
    await line(page, 'ZM-LARGE-MTG').getByTestId('line-zoom').click();
    const zoom = page.getByTestId('zoom-wizard');
    const next = page.getByTestId('zoom-next');
    await expect(zoom).toHaveAttribute('data-stage', 'type');
    await expect(page.getByTestId('zoom-order-type')).toHaveValue('NEW_BUSINESS');
    await next.click();
    await expect(zoom).toHaveAttribute('data-stage', 'baseproduct');
    await expect(next).toBeDisabled();
    await page.getByTestId('zoom-groups').getByText('Zoom Workplace plans').click();
    await next.click();
    await expect(page.getByTestId('zoom-quantity')).toHaveValue('1');
    await page.getByTestId('zoom-quantity').fill('0');
    await expect(next).toBeDisabled();
    await page.getByTestId('zoom-quantity').fill('5');
    await next.click();
    await expect(zoom).toHaveAttribute('data-stage', 'termlength');
    await page.getByTestId('zoom-terms').getByText('36 months').click();
    await expect(page.getByTestId('zoom-no-base')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByTestId('zoom-terms').getByText('12 months').click();
    await expect(page.getByTestId('zoom-base')).toContainText('Zoom Workplace Pro, Annual');
    await next.click();
    const webinar = page.locator('[data-testid="zoom-addon"][data-product-code="ZM-WEBINAR-500"]');
    await webinar.getByRole('spinbutton').fill('6');
    await expect(webinar).toContainText('5');
    await expect(next).toBeDisabled();
    await webinar.getByRole('spinbutton').fill('2');
    await next.click();
    await expect(zoom).toHaveAttribute('data-stage', 'dealreg');
    await page.getByTestId('zoom_deal_registration_id').fill('DR-77');
    await next.click();
    await expect(zoom).toHaveAttribute('data-stage', 'datacapture');
    await expect(next).toBeDisabled();
    await page.getByTestId('zoom_end_user_company').fill('End User Ltd');
    await page.getByTestId('zoom_end_user_name').fill('Erin End');
    await page.getByTestId('zoom_end_user_email').fill('erin@');
    await expect(next).toBeDisabled();
    await page.getByTestId('zoom_end_user_email').fill('erin@end-user.example');
    await next.click();
    await expect(page.getByTestId('zoom-summary')).toContainText('Zoom Workplace Pro (Annual) × 5');
    await expect(page.getByTestId('zoom-summary')).toContainText('Zoom Webinars 500 × 2');
    await page.getByTestId('zoom-update').click();
    await expect(line(page, 'ZM-LARGE-MTG')).toHaveCount(0);
    await expect(line(page, 'ZM-ONE-PRO').getByTestId('line-quantity')).toHaveValue('5');
    await expect(line(page, 'ZM-WEBINAR-500').getByTestId('line-quantity')).toHaveValue('2');
    await page.getByTestId('quote-save').click();
    await expect(page.getByTestId('quote-save')).toBeDisabled();

    // Additional info, then Shipping: the cable ships, so an address and a method are needed.
    await page.getByTestId('next').click();
    await expect(page.getByTestId('zoom-status')).toHaveText('The Zoom configuration is complete.');
    await page.locator('#provisioning_instructions').fill('Call before delivery.');
    await page.getByTestId('next').click();
    await expect(page.getByTestId('checkout-shipping')).toBeVisible();
    await expect(page.getByTestId('next')).toBeDisabled();
    await page.getByTestId('shipping_company_name').fill('Reseller Partners UK Ltd');
    await page.getByTestId('shipping_addr_line_1').fill('2 Dock Road');
    await page.getByTestId('shipping_city').fill('Bristol');
    await page.getByTestId('shipping_postal_code').fill('BS1 1AA');
    await page.getByTestId('shipping_country_code').selectOption('GB');
    await page.getByTestId('shipping-methods').getByRole('radio').first().check();
    await page.getByTestId('next').click();
    await expect(page.getByTestId('quote-payment')).toBeVisible();
    await page.getByTestId('next').click();

    // Confirmation: Send waits for the changes to be saved (001 §5 "saved and unchanged").
    await expect(page.getByTestId('send-quote')).toBeDisabled();
    await expect(page.getByTestId('send-blocker')).toHaveText(
      'Please save the quote, with its recipient and line items complete, before publishing it.',
    );
    await expect(page.getByTestId('summary-address')).toContainText('2 Dock Road');
    await page.getByTestId('quote-save').click();
    await expect(page.getByTestId('quote-save')).toBeDisabled();
    await expect(page.getByTestId('send-quote')).toBeEnabled();
    await page.getByTestId('send-quote').click();
    await expect(page.getByRole('dialog')).toContainText('Send quote E2E wizard quote to its recipient?');
    await page.getByTestId('quote-confirm-yes').click();
    await expect(page).toHaveURL(new RegExp(`/webstore/quotesoutward/${quoteId}$`));
    await expect(page.getByText('Quote E2E wizard quote has been published.')).toBeVisible();

    const quote = (await db('quotes').where('id', quoteId).first('quote_status', 'total', 'ship_cost')) as {
      quote_status: string;
      total: number;
      ship_cost: number;
    };
    expect(quote.quote_status).toBe('PUBLISHED');
    const stored = (await db('quote_line_items')
      .where('quote_id', quoteId)
      .orderBy('id')
      .select('name', 'quantity', 'price', 'sub_total_for_item')) as Record<string, unknown>[];
    expect(stored.map((row) => [row['name'], row['quantity']])).toEqual([
      ['HDMI cable 5 m', 4],
      ['Dropbox Business Standard', 5],
      ['Zoom Workplace Pro', 5],
      ['Zoom Webinars 500', 2],
    ]);
    const zoomOrder = await db('quote_line_items').where('quote_id', quoteId).whereNotNull('zoom_order_type').pluck('zoom_end_user_email');
    expect(zoomOrder).toEqual(['erin@end-user.example', 'erin@end-user.example']);
    const total = (quote.total / 10_000).toFixed(2);

    await page.context().clearCookies();
    await signInTo(page, 'admin@reseller.example', `/webstore/quotesinward/${quoteId}`, new RegExp(`/webstore/quotesinward/${quoteId}$`));
    // 001 §2 inward view: the recipient sets a PO number and another delivery address, saves, then accepts.
    await expect(page.getByTestId('quote-facts')).toContainText('E2E wizard quote');
    await page.getByTestId('purchase_order_number').fill(`PO-WIZ-${quoteId}`);
    await page.getByTestId('shipping_addr_line_1').fill('3 Dock Road');
    await expect(page.getByTestId('inward-accept')).toBeDisabled();
    await page.getByTestId('inward-save').click();
    await expect(page.getByTestId('inward-save')).toBeDisabled();
    await expect(page.getByTestId('inward-accept')).toBeEnabled();
    await page.getByTestId('inward-accept').click();
    await expect(page.getByRole('dialog')).toContainText('Accept quote E2E wizard quote and place its order?');
    await page.getByTestId('inward-accept-proceed').click();
    await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
    orderId = Number(/orders\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByText('Quote E2E wizard quote has been accepted.')).toBeVisible();
    const lines = page.locator('.order-lines');
    await expect(lines.getByRole('row', { name: new RegExp(`^Subtotal ${gbp(total).replace(/[.£]/g, '\\$&')}$`) })).toBeVisible();
    const ordered = (await db('order_line_items')
      .where('order_id', orderId)
      .orderBy('id')
      .select('name', 'quantity', 'price', 'sub_total_for_item')) as Record<string, unknown>[];
    expect(ordered).toEqual(stored);
    const order = (await db('orders')
      .where('id', orderId)
      .first('total', 'quote_id', 'purchase_order_number', 'shipping_addr_line_1')) as Record<string, unknown>;
    expect(order).toEqual({
      total: quote.total,
      quote_id: quoteId,
      purchase_order_number: `PO-WIZ-${quoteId}`,
      shipping_addr_line_1: '3 Dock Road',
    });
  } finally {
    await writeVersionedRows(db, async (trx) => {
      if (orderId !== undefined) {
        await trx('order_line_items').where('order_id', orderId).delete();
        await trx('orders').where('id', orderId).delete();
      }
      if (quoteId !== undefined) {
        await trx('quote_line_items').where('quote_id', quoteId).delete();
        await trx('quotes').where('id', quoteId).delete();
      }
    });
    await db.destroy();
  }
});

test('a sent quote amended in the editor goes out as revision 2; both sides list the revisions and download each as a PDF', async ({
  page,
}) => {
  test.slow();
  const db = openDatabase();
  let quoteId: number | undefined;
  try {
    const hdmi = await productId(db, 'GEN-HDMI-5M');
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    quoteId = await draftQuote(page, { name: 'E2E revised quote', line_items: [{ product: hdmi, quantity: 3 }], ...DOCK_SHIPPING });
    await apiWrite(page, 'POST', `/quotes/${quoteId}/send`);

    await page.goto(`/webstore/quotesoutward/${quoteId}`);
    await expect(page.getByTestId('revision-1')).toContainText('Revision 1 (current)');
    await page.getByRole('button', { name: 'Amend', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/webstore/quotesoutward/${quoteId}/draft$`));
    await expect(page.getByTestId('quote-revision')).toHaveText('Revision 2');
    await expect(page.getByTestId('quote-delete')).toHaveCount(0);
    const cable = line(page, 'GEN-HDMI-5M').getByTestId('line-quantity');
    await cable.fill('7');
    await cable.press('Tab');
    await page.getByTestId('quote-save').click();
    await expect(page.getByTestId('quote-save')).toBeDisabled();
    for (const step of ['info', 'shipping', 'payment', 'confirmation']) {
      await page.getByTestId('next').click();
      await expect(page.getByTestId(`tab-${step}`)).toHaveAttribute('aria-selected', 'true');
    }
    await page.getByTestId('send-quote').click();
    await page.getByTestId('quote-confirm-yes').click();
    await expect(page).toHaveURL(new RegExp(`/webstore/quotesoutward/${quoteId}$`));
    await expect(page.getByTestId('revision-1')).toContainText('Revision 1, replaced on');
    await expect(page.getByTestId('revision-2')).toContainText('Revision 2 (current)');
    const pdf = await page.request.get(
      (await page.getByTestId('revision-1').getByRole('link', { name: 'Download PDF', exact: true }).getAttribute('href'))!,
    );
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.context().clearCookies();
    await signInTo(page, 'admin@reseller.example', `/webstore/quotesinward/${quoteId}`, new RegExp(`/webstore/quotesinward/${quoteId}$`));
    await expect(page.getByTestId('quote-lines-view')).toContainText('HDMI cable 5 m');
    await page.getByTestId('revision-show-1').click();
    await expect(page.getByRole('dialog')).toContainText('Quote E2E revised quote, revision 1');
    await expect(page.getByRole('dialog').getByRole('row', { name: /HDMI cable 5 m 3 / })).toBeVisible();
  } finally {
    await removeQuote(db, quoteId);
    await db.destroy();
  }
});

test('a draft saved while its lines’ products are still on their way keeps its address and shipping method', async ({ page }) => {
  // Whether a quote ships follows from its products, read for the recipient after the quote: a
  // save before they came would send the quote as shipping nothing and clear its address and
  // method, as the inward view's did (quoteAccept.spec.ts). Here Save waits for complete details,
  // which need every line's product.
  const db = openDatabase();
  let quoteId: number | undefined;
  try {
    const hdmi = await productId(db, 'GEN-HDMI-5M');
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    quoteId = await draftQuote(page, { name: 'E2E slow products draft', line_items: [{ product: hdmi, quantity: 2 }], ...DOCK_SHIPPING });
    await answerLate(page, /\/api\/v1\/quotes\/products\?/, 1500);
    await page.goto(`/webstore/quotesoutward/${quoteId}/draft`);
    await page.getByTestId('name').fill('E2E slow products draft, renamed');
    // Save waits for the products: clicked at once, it is taken once they are known.
    await page.getByTestId('quote-save').click();
    await expect(page.getByText('Saved successfully.')).toBeVisible();
    const stored = (await db('quotes').where('id', quoteId).first('name', 'shipping_type_id', 'shipping_city')) as Record<string, unknown>;
    expect(stored).toEqual({ name: 'E2E slow products draft, renamed', shipping_type_id: 1, shipping_city: 'Bristol' });
  } finally {
    await removeQuote(db, quoteId);
    await db.destroy();
  }
});

test('a discount above the approval threshold waits for Approve; a draft is deleted after its confirmation', async ({ page }) => {
  const db = openDatabase();
  let quoteId: number | undefined;
  try {
    const hdmi = await productId(db, 'GEN-HDMI-5M');
    await signInTo(page, 'admin@supplier.example', '/webstore/quotesoutward', /\/webstore\/quotesoutward$/);
    // The distributor's quotes need approval for a discount above 25 % (its quote_approval_discount).
    quoteId = await draftQuote(page, { name: 'E2E steep quote', line_items: [{ product: hdmi, quantity: 2, discount: 30 }] });
    await page.goto(`/webstore/quotesoutward/${quoteId}/draft`);
    await expect(page.getByTestId('approval-warning')).toContainText('This quote needs approval before it can be published.');
    await page.getByTestId('quote-approve').click();
    await expect(page.getByRole('dialog')).toContainText('Approve the discounts of quote E2E steep quote?');
    await page.getByTestId('quote-confirm-yes').click();
    await expect(page.getByText('Quote E2E steep quote has been approved.')).toBeVisible();
    await expect(page.getByTestId('approval-warning')).toHaveCount(0);

    await page.getByTestId('quote-delete').click();
    await page.getByTestId('quote-confirm-yes').click();
    await expect(page).toHaveURL(/\/webstore\/quotesoutward$/);
    await expect(page.getByText('Quote E2E steep quote has been deleted.')).toBeVisible();
    expect(await db('quotes').where('id', quoteId).first('id')).toBeUndefined();
    quoteId = undefined;
  } finally {
    await removeQuote(db, quoteId);
    await db.destroy();
  }
});
