import { expect, test } from '@playwright/test';
import { newestOrderId, removeOrdersPlacedAfter } from './support/placedOrders';
import { signInTo } from './support/signIn';

/**
 * The store's core flow in one go (000 §2.4–§2.9): a buyer adds a product from a store tile to a
 * new basket, follows the alert's "Checkout now", walks the wizard on the shipping path and lands
 * on the new order's page, which shows what was bought. The order is removed afterwards.
 */

let ordersBefore = 0;
test.beforeAll(async () => {
  ordersBefore = await newestOrderId();
});
test.afterAll(async () => {
  await removeOrdersPlacedAfter(ordersBefore);
});

test('store tile → add-to-basket dialog → checkout now → wizard → place order → the order page', async ({ page }) => {
  test.slow();
  const basketName = `E2E full flow ${Date.now()}`;
  await signInTo(page, 'buyer@customer.example', '/webstore', /\/webstore$/);
  const tile = page.getByTestId('product-tile').filter({ hasText: 'GEN-HDMI-5M' });
  await tile.getByTestId('add-to-basket').click();
  await page.getByTestId('basket-select').selectOption('new');
  await page.getByTestId('new-basket-name').fill(basketName);
  await page.getByTestId('add-to-basket-proceed').click();
  await expect(page.getByText(`Added to basket ${basketName}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Checkout now' }).click();

  await expect(page).toHaveURL(/\/webstore\/baskets\/\d+\/checkout$/);
  await expect(page.getByRole('heading', { name: `Checking out ${basketName}`, level: 1 })).toBeVisible();
  const next = page.getByTestId('next');
  await page.getByLabel('Purchase order number').fill(`PO-E2E-FLOW-${Date.now()}`);
  await next.click();
  await expect(page.getByTestId('checkout-info')).toBeVisible();
  await next.click();
  await expect(page.getByTestId('checkout-shipping')).toBeVisible();
  await page.getByTestId('shipping_company_name').fill('Customer Co Ltd');
  await page.getByTestId('shipping_addr_line_1').fill('1 Market Street');
  await page.getByTestId('shipping_city').fill('Leeds');
  await page.getByTestId('shipping_postal_code').fill('LS1 1AA');
  await page.getByTestId('shipping_country_code').selectOption('GB');
  await page.getByLabel('Standard UK delivery — £9.95').check();
  await next.click();
  await expect(page.getByTestId('checkout-payment')).toBeVisible();
  await expect(page.getByTestId('payment-ACCOUNT')).toBeChecked();
  await next.click();
  await expect(page.getByTestId('checkout-confirmation')).toBeVisible();
  await page.getByTestId('place-order').click();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  await page.getByTestId('placed-close').click();

  await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
  await expect(page.getByRole('main')).toContainText('HDMI cable 5 m');
  // Goods £9.50 and shipping £9.95 make the order's £19.45.
  await expect(page.getByRole('row', { name: /^Total £19\.45$/ })).toBeVisible();
  // The basket became the order: it is gone from the baskets list.
  await page.goto('/webstore/baskets');
  await expect(page.getByRole('heading', { name: 'Baskets', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: basketName, exact: true })).toHaveCount(0);
});
