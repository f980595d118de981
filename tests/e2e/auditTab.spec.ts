import { expect, test } from '@playwright/test';
import { apiWrite } from './support/api';
import { newestOrderId, removeOrdersPlacedAfter } from './support/placedOrders';
import { signInTo } from './support/signIn';

/**
 * Issue 22 item 15: an audit tab shows field labels and values as the record screen shows them:
 * an order placed at checkout is created under its real name, its organisation by name, its type
 * and status by their labels, its date formatted, never "HUB-new", codes or milliseconds.
 */
let ordersBefore = 0;
test.beforeAll(async () => {
  ordersBefore = await newestOrderId();
});
test.afterAll(async () => {
  await removeOrdersPlacedAfter(ordersBefore);
});

test('the order audit log reads as the order page does', async ({ page }) => {
  await signInTo(page, 'buyer@customer.example', '/webstore/baskets', /\/webstore\/baskets$/);
  const products = (await (await page.request.get('/api/v1/products?text=GEN-HDMI-5M')).json()) as { id: number; product_code: string }[];
  const hdmi = products.find((product) => product.product_code === 'GEN-HDMI-5M')!;
  const basket = await apiWrite(page, 'POST', '/baskets', {
    name: `E2E audit ${Date.now()}`,
    purchase_order_number: `E2E-AUD-${Date.now() % 1_000_000}`,
    shipping_type: 1,
    line_items: [{ product: hdmi.id, quantity: 2 }],
    shipping_company_name: 'Customer Co Ltd',
    shipping_recipient_name: 'Goods In',
    shipping_addr_line_1: '1 Market Street',
    shipping_city: 'Leeds',
    shipping_postal_code: 'LS1 1AA',
    shipping_country_code: 'GB',
  });
  const placed = await apiWrite(page, 'POST', `/baskets/${String(basket['id'])}/checkout`, {});
  await page.context().clearCookies();

  await signInTo(page, 'admin@reseller.example', `/webstore/orders/${String(placed['id'])}/audit`, /\/audit$/);
  // A field-change table in a cell of the audit log's grid.
  const changes = page.getByRole('grid').locator('table').first();
  await expect(changes).toBeVisible();
  const text = await page.locator('main').innerText();
  for (const shown of [
    'Field',
    'Before',
    'After',
    String(placed['name']),
    'Customer Co Ltd',
    'Bob Buyer',
    'Sale',
    'Created',
    'Standard UK delivery',
    'Organisation',
    'Shipping method',
  ])
    expect(text).toContain(shown);
  for (const internal of ['HUB-new', 'SALES_ORDER', 'order_type', 'created_by_user', 'shipping_type']) expect(text).not.toContain(internal);
  // The date as the record screen shows one (5th Mar 2026, 14:30), not milliseconds or ISO text.
  expect(text).toMatch(/\d{1,2}(st|nd|rd|th) \w{3} \d{4}, \d\d:\d\d/);
  expect(text).not.toMatch(/\d{13}|\d{4}-\d{2}-\d{2}T/);
});
