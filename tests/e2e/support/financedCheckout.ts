import { expect, type Page } from '@playwright/test';

/**
 * The end of a self-financed checkout (000 §2.9): Apply for finance on the Payment tab, the
 * approved modal's Proceed, the Confirmation tab's summary, Place order, then the new order's page.
 * Answers the order's id.
 */
export async function applyForFinanceAndPlaceOrder(page: Page): Promise<number> {
  await page.getByTestId('apply-finance').click();
  await expect(page.getByRole('dialog', { name: 'Finance approved', exact: true })).toBeVisible();
  await page.getByTestId('approved-proceed').click();
  await expect(page.getByTestId('checkout-confirmation')).toBeVisible();
  await expect(page.getByTestId('summary-payment')).toHaveText('Self finance');
  await page.getByTestId('place-order').click();
  await page.getByTestId('placed-close').click();
  await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
  return Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
}
