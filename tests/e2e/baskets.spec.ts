import { expect, test } from '@playwright/test';
import { apiWrite } from './support/api';
import { FORBIDDEN, signInTo } from './support/signIn';

// 000 §2.7–§2.8, §6: order:modify_draft creates baskets and edits their details.
test.describe('baskets: create and edit details', () => {
  test('a buyer creates a basket on the basket page\'s own table, with the prefilled name and a saved address', async ({ page }) => {
    // Create, edit, reload and list: four page loads.
    test.slow();
    await signInTo(page, 'buyer@customer.example', '/webstore/baskets', /\/webstore\/baskets$/);
    await page.getByRole('link', { name: 'Create new basket' }).click();
    await expect(page).toHaveURL(/\/webstore\/baskets\/new$/);
    // 000 §2.8 "New basket: same table": the details table with every row open, no lines yet.
    await expect(page.getByTestId('basket-title')).toHaveText('New basket');
    await expect(page.getByTestId('detail-name')).toHaveValue(/^New basket \d{1,2}\w\w \w{3} \d{4}, \d\d:\d\d$/);
    await expect(page.getByTestId('basket-no-lines')).toBeVisible();
    await expect(page.getByTestId('basket-save-checkout')).toHaveCount(0);
    await expect(page.getByTestId('basket-delete')).toHaveCount(0);
    // Worth saving untouched (its name); Cancel waits for a change and puts the default name back.
    await expect(page.getByTestId('basket-save')).toBeEnabled();
    await expect(page.getByTestId('basket-cancel')).toBeDisabled();
    await page.getByTestId('detail-name').fill('E2E scratch');
    await page.getByTestId('basket-cancel').click();
    await expect(page.getByTestId('detail-name')).toHaveValue(/^New basket /);

    await page.getByTestId('detail-name').fill('E2E office move');
    // 000 §5: the purchase order number takes at most 45 characters.
    await page.getByTestId('detail-purchase_order_number').fill('P'.repeat(46));
    await expect(page.getByTestId('detail-purchase_order_number')).toHaveValue('P'.repeat(45));
    await page.getByTestId('detail-purchase_order_number').fill('PO-E2E-1');
    // The organisation's saved addresses, before the basket exists.
    await page.getByTestId('address-select').selectOption({ label: 'Head office' });
    await expect(page.getByTestId('detail-shipping_company_name')).not.toHaveValue('');
    await page.getByTestId('shipping-type-select').selectOption({ label: 'Standard UK delivery' });
    await page.getByTestId('basket-save').click();
    await expect(page).toHaveURL(/\/webstore\/baskets\/\d+$/);
    await expect(page.getByText('Saved successfully.')).toBeVisible();
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    // The basket page (000 §2.8): details read until their row is clicked, then edited in place.
    await expect(page.getByTestId('basket-title')).toHaveText('E2E office move');
    await expect(page.getByTestId('detail-row-purchase_order_number')).toContainText('PO-E2E-1');
    await expect(page.getByTestId('detail-row-shipping_type')).toContainText('Standard UK delivery');
    const save = page.getByTestId('basket-save');
    await expect(save).toBeDisabled();

    await page.getByTestId('detail-row-address').click();
    await expect(page.getByTestId('detail-shipping_city')).not.toHaveValue('');
    await page.getByTestId('detail-shipping_city').fill('York');
    // An empty basket has nothing to save (000 §5: Save needs a total quantity above 0).
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('basket-cancel')).toBeEnabled();
    await page.goto('/webstore/baskets');
    // The first AG Grid page loads and parses its chunk: slow when the machine is busy (checkout.spec).
    await expect(page.getByRole('link', { name: 'E2E office move' })).toBeVisible({ timeout: 20_000 });
    // The shared demo keeps its baskets as they were.
    await apiWrite(page, 'DELETE', `/baskets/${id}`);
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
