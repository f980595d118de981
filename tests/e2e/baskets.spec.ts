import { expect, test } from '@playwright/test';
import { FORBIDDEN, signInTo } from './support/signIn';

// 000 §2.7–§2.8, §6: order:modify_draft creates baskets and edits their details.
test.describe('baskets: create and edit details', () => {
  test('a buyer creates a basket with the prefilled name and edits its details', async ({ page }) => {
    // Create, edit, reload and list: four page loads.
    test.slow();
    await signInTo(page, 'buyer@customer.example', '/webstore/baskets', /\/webstore\/baskets$/);
    await page.getByRole('link', { name: 'Create new basket' }).click();
    await expect(page).toHaveURL(/\/webstore\/baskets\/new$/);
    await expect(page.locator('#root_name')).toHaveValue(/^New basket \d{1,2}\w\w \w{3} \d{4}, \d\d:\d\d$/);
    await page.locator('#root_name').fill('E2E office move');
    await page.locator('#root_purchase_order_number').fill('PO-E2E-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/webstore\/baskets\/\d+$/);
    // The basket page (000 §2.8): details read until their row is clicked, then edited in place.
    await expect(page.getByTestId('detail-row-purchase_order_number')).toContainText('PO-E2E-1');
    const save = page.getByTestId('basket-save');
    await expect(save).toBeDisabled();

    await page.getByTestId('detail-row-address').click();
    await page.getByTestId('detail-shipping_city').fill('Leeds');
    // An empty basket has nothing to save (000 §5: Save needs a total quantity above 0).
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('basket-cancel')).toBeEnabled();
    await page.goto('/webstore/baskets');
    await expect(page.getByRole('link', { name: 'E2E office move' })).toBeVisible();
  });

  test('a too long purchase order number keeps Save disabled', async ({ page }) => {
    await signInTo(page, 'buyer@customer.example', '/webstore/baskets/new', /\/new$/);
    await page.locator('#root_purchase_order_number').fill('P'.repeat(46));
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('without order:modify_draft the new route is forbidden', async ({ page }) => {
    // The EU buyer's role has no basket permissions.
    await signInTo(page, 'buyer@eu-customer.example', '/webstore/baskets/new');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });

  test("another organisation's basket is not found", async ({ page }) => {
    // Basket 6 belongs to Other Customer.
    await signInTo(page, 'buyer@customer.example', '/webstore/baskets/6');
    await expect(page.getByText('Page not found')).toBeVisible();
  });
});
